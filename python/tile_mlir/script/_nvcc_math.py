"""TIRx's math functions as nvcc compiles them: the PTX that nvcc 13.0
emits for the CUDA math library's single-precision functions at sm_90
without fast-math (`nvcc -arch=sm_90 -ptx`, a kernel `b[i] = expf(a[i])`,
and for the others the expression TIRx prints),
between the load of the argument (%f1, or INPUTS' register) and the
store of the result (the last destination). Where nvcc branches around an
instruction (logf's and log2f's `@%p2 bra` over the infinity and NaN
case), the instruction runs always and a selp keeps its result only where
the branch would not have skipped it: the same values. nvcc spells the
unsigned comparison `setp.lt.u32`, which the ISA's comparison table does
not list for unsigned types (the tile verifier refuses it); it is written
`setp.lo.u32` here, the documented spelling of the same comparison. TIRx prints `expf(x)` for `T.exp(x)` and nvcc compiles
it to exactly these instructions, so a kernel that runs them gets nvcc's
bits. This is data about nvcc's library, not about the instructions: each
line's instruction is checked against the instruction table like any
other when the front-end issues it."""

NVCC = "13.0"

FUNCTIONS = {
    "exp": """
        mov.f32 %f3, 0f3F000000;
        mov.f32 %f4, 0f3BBB989D;
        fma.rn.f32 %f5, %f1, %f4, %f3;
        cvt.sat.f32.f32 %f6, %f5;
        mov.f32 %f7, 0f4B400001;
        mov.f32 %f8, 0f437C0000;
        fma.rm.f32 %f9, %f6, %f8, %f7;
        add.f32 %f10, %f9, 0fCB40007F;
        neg.f32 %f11, %f10;
        mov.f32 %f12, 0f3FB8AA3B;
        fma.rn.f32 %f13, %f1, %f12, %f11;
        mov.f32 %f14, 0f32A57060;
        fma.rn.f32 %f15, %f1, %f14, %f13;
        mov.b32 %r5, %f9;
        shl.b32 %r6, %r5, 23;
        mov.b32 %f16, %r6;
        ex2.approx.ftz.f32 %f17, %f15;
        mul.f32 %f18, %f17, %f16;
    """,
    "exp10": """
        mov.f32 %f2, 0f3F000000;
        mov.f32 %f3, 0f3C57FA62;
        fma.rn.f32 %f4, %f1, %f3, %f2;
        cvt.sat.f32.f32 %f5, %f4;
        mov.f32 %f6, 0f4B400001;
        mov.f32 %f7, 0f437C0000;
        fma.rm.f32 %f8, %f5, %f7, %f6;
        add.f32 %f9, %f8, 0fCB40007F;
        neg.f32 %f10, %f9;
        mov.f32 %f11, 0f40549A78;
        fma.rn.f32 %f12, %f1, %f11, %f10;
        mov.f32 %f13, 0f33979A37;
        fma.rn.f32 %f14, %f1, %f13, %f12;
        mov.b32 %r2, %f8;
        shl.b32 %r3, %r2, 23;
        mov.b32 %f15, %r3;
        ex2.approx.ftz.f32 %f16, %f14;
        mul.f32 %f17, %f16, %f15;
    """,
    # TIRx prints T.sigmoid(x) as 1 / (1 + expf(0 - x)): nvcc keeps 0 - x
    # (it is not -x at x = 0), contracts expf's last product with the
    # addition, and computes 1 / y as rcp.rn.
    "sigmoid": """
        mov.f32 %f2, 0f00000000;
        sub.f32 %f3, %f2, %f1;
        mov.f32 %f4, 0f3F000000;
        mov.f32 %f5, 0f3BBB989D;
        fma.rn.f32 %f6, %f3, %f5, %f4;
        cvt.sat.f32.f32 %f7, %f6;
        mov.f32 %f8, 0f4B400001;
        mov.f32 %f9, 0f437C0000;
        fma.rm.f32 %f10, %f7, %f9, %f8;
        add.f32 %f11, %f10, 0fCB40007F;
        neg.f32 %f12, %f11;
        mov.f32 %f13, 0f3FB8AA3B;
        fma.rn.f32 %f14, %f3, %f13, %f12;
        mov.f32 %f15, 0f32A57060;
        fma.rn.f32 %f16, %f3, %f15, %f14;
        mov.b32 %r2, %f10;
        shl.b32 %r3, %r2, 23;
        mov.b32 %f17, %r3;
        ex2.approx.ftz.f32 %f18, %f16;
        fma.rn.f32 %f19, %f18, %f17, 0f3F800000;
        rcp.rn.f32 %f20, %f19;
    """,
    "exp2": "ex2.approx.f32 %f2, %f1;",
    "fabs": "abs.f32 %f2, %f1;",
    "floor": "cvt.rmi.f32.f32 %f2, %f1;",
    "ceil": "cvt.rpi.f32.f32 %f2, %f1;",
    "trunc": "cvt.rzi.f32.f32 %f2, %f1;",
    # TIRx prints T.round(x) as nearbyintf(x): to nearest, ties to even.
    "round": "cvt.rni.f32.f32 %f2, %f1;",
    "sqrt": "sqrt.rn.f32 %f2, %f1;",
    "rsqrt": "rsqrt.approx.f32 %f2, %f1;",
    "tanh": """
        abs.f32 %f2, %f1;
        mul.f32 %f3, %f2, 0f4038AA3B;
        ex2.approx.ftz.f32 %f4, %f3;
        add.f32 %f5, %f4, 0f3F800000;
        mov.f32 %f6, 0f3F800000;
        rcp.approx.ftz.f32 %f7, %f5;
        mov.f32 %f8, 0fC0000000;
        fma.rn.f32 %f9, %f7, %f8, %f6;
        setp.ge.f32 %p1, %f2, 0f41102CB4;
        selp.f32 %f10, 0f3F800000, %f9, %p1;
        copysign.f32 %f11, %f1, %f10;
        mul.f32 %f12, %f1, %f1;
        mov.f32 %f13, 0fBD563CAE;
        mov.f32 %f14, 0f3C80F082;
        fma.rn.f32 %f15, %f14, %f12, %f13;
        mov.f32 %f16, 0f3E085941;
        fma.rn.f32 %f17, %f15, %f12, %f16;
        mov.f32 %f18, 0fBEAAA9ED;
        fma.rn.f32 %f19, %f17, %f12, %f18;
        mov.f32 %f20, 0f00000000;
        fma.rn.f32 %f21, %f19, %f12, %f20;
        fma.rn.f32 %f22, %f21, %f1, %f1;
        setp.ge.f32 %p2, %f2, 0f3F19999A;
        selp.f32 %f23, %f11, %f22, %p2;
    """,
    "log": """
        setp.lt.f32 %p1, %f5, 0f00800000;
        mul.f32 %f6, %f5, 0f4B000000;
        selp.f32 %f1, %f6, %f5, %p1;
        selp.f32 %f7, 0fC1B80000, 0f00000000, %p1;
        mov.b32 %r2, %f1;
        add.s32 %r3, %r2, -1059760811;
        and.b32 %r4, %r3, -8388608;
        sub.s32 %r5, %r2, %r4;
        mov.b32 %f8, %r5;
        cvt.rn.f32.s32 %f9, %r4;
        mov.f32 %f10, 0f34000000;
        fma.rn.f32 %f11, %f9, %f10, %f7;
        add.f32 %f12, %f8, 0fBF800000;
        mov.f32 %f13, 0f3E1039F6;
        mov.f32 %f14, 0fBE055027;
        fma.rn.f32 %f15, %f14, %f12, %f13;
        mov.f32 %f16, 0fBDF8CDCC;
        fma.rn.f32 %f17, %f15, %f12, %f16;
        mov.f32 %f18, 0f3E0F2955;
        fma.rn.f32 %f19, %f17, %f12, %f18;
        mov.f32 %f20, 0fBE2AD8B9;
        fma.rn.f32 %f21, %f19, %f12, %f20;
        mov.f32 %f22, 0f3E4CED0B;
        fma.rn.f32 %f23, %f21, %f12, %f22;
        mov.f32 %f24, 0fBE7FFF22;
        fma.rn.f32 %f25, %f23, %f12, %f24;
        mov.f32 %f26, 0f3EAAAA78;
        fma.rn.f32 %f27, %f25, %f12, %f26;
        mov.f32 %f28, 0fBF000000;
        fma.rn.f32 %f29, %f27, %f12, %f28;
        mul.f32 %f30, %f12, %f29;
        fma.rn.f32 %f31, %f30, %f12, %f12;
        mov.f32 %f32, 0f3F317218;
        fma.rn.f32 %f35, %f11, %f32, %f31;
        setp.lo.u32 %p2, %r2, 2139095040;
        mov.f32 %f33, 0f7F800000;
        fma.rn.f32 %f90, %f1, %f33, %f33;
        selp.f32 %f35, %f35, %f90, %p2;
        setp.eq.f32 %p3, %f1, 0f00000000;
        selp.f32 %f34, 0fFF800000, %f35, %p3;
    """,
    "log2": """
        setp.lt.f32 %p1, %f5, 0f00800000;
        mul.f32 %f6, %f5, 0f4B000000;
        selp.f32 %f1, %f6, %f5, %p1;
        selp.f32 %f7, 0fC1B80000, 0f00000000, %p1;
        mov.b32 %r2, %f1;
        add.s32 %r3, %r2, -1060439283;
        and.b32 %r4, %r3, -8388608;
        sub.s32 %r5, %r2, %r4;
        mov.b32 %f8, %r5;
        cvt.rn.f32.s32 %f9, %r4;
        mov.f32 %f10, 0f34000000;
        fma.rn.f32 %f11, %f9, %f10, %f7;
        add.f32 %f12, %f8, 0fBF800000;
        mov.f32 %f13, 0fBE2C7F30;
        mov.f32 %f14, 0f3DC6B27F;
        fma.rn.f32 %f15, %f14, %f12, %f13;
        mov.f32 %f16, 0f3E2FCF2A;
        fma.rn.f32 %f17, %f15, %f12, %f16;
        mov.f32 %f18, 0fBE374E43;
        fma.rn.f32 %f19, %f17, %f12, %f18;
        mov.f32 %f20, 0f3E520BF4;
        fma.rn.f32 %f21, %f19, %f12, %f20;
        mov.f32 %f22, 0fBE763C8B;
        fma.rn.f32 %f23, %f21, %f12, %f22;
        mov.f32 %f24, 0f3E93BF99;
        fma.rn.f32 %f25, %f23, %f12, %f24;
        mov.f32 %f26, 0fBEB8AA49;
        fma.rn.f32 %f27, %f25, %f12, %f26;
        mov.f32 %f28, 0f3EF6384A;
        fma.rn.f32 %f29, %f27, %f12, %f28;
        mov.f32 %f30, 0fBF38AA3B;
        fma.rn.f32 %f31, %f29, %f12, %f30;
        mul.f32 %f32, %f12, %f31;
        mul.f32 %f33, %f12, %f32;
        mov.f32 %f34, 0f3FB8AA3B;
        fma.rn.f32 %f35, %f12, %f34, %f33;
        add.f32 %f38, %f11, %f35;
        setp.lo.u32 %p2, %r2, 2139095040;
        mov.f32 %f36, 0f7F800000;
        fma.rn.f32 %f90, %f1, %f36, %f36;
        selp.f32 %f38, %f38, %f90, %p2;
        setp.eq.f32 %p3, %f1, 0f00000000;
        selp.f32 %f37, 0fFF800000, %f38, %p3;
    """,
}

# The argument's register where it is not %f1.
INPUTS = {"log": "%f5", "log2": "%f5"}


def instructions(name):
    """[(opcode, [operands])] of function `name`, in order."""
    out = []
    for line in FUNCTIONS[name].strip().splitlines():
        opcode, _, rest = line.strip().rstrip(";").partition(" ")
        out.append((opcode, [a.strip() for a in rest.split(",")]))
    return out
