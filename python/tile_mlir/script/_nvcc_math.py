"""TIRx's math functions as nvcc compiles them: the PTX that nvcc 13.0
emits for the CUDA math library's single-precision functions at sm_90
without fast-math (`nvcc -arch=sm_90 -ptx`, a kernel `b[i] = expf(a[i])`),
between the load of the argument (%f1) and the store of the result (the
last destination). TIRx prints `expf(x)` for `T.exp(x)` and nvcc compiles
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
    "exp2": "ex2.approx.f32 %f2, %f1;",
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
}


def instructions(name):
    """[(opcode, [operands])] of function `name`, in order."""
    out = []
    for line in FUNCTIONS[name].strip().splitlines():
        opcode, _, rest = line.strip().rstrip(";").partition(" ")
        out.append((opcode, [a.strip() for a in rest.split(",")]))
    return out
