//===- PtxTypes.td - Formats, types, qualifiers, semantics -*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_PTXTYPES_TD
#define TILE_PTX_PTXTYPES_TD

include "tile/Ptx/PtxBase.td"

//===----------------------------------------------------------------------===//
// Floating-point formats
//===----------------------------------------------------------------------===//

def FmtNone : FloatFormat<"none", 0, 0, 0>;
def FmtF16 : FloatFormat<"f16", 16, 5, 11>;
def FmtBF16 : FloatFormat<"bf16", 16, 8, 8>;
def FmtTF32 : FloatFormat<"tf32", 32, 8, 11>;
def FmtF32 : FloatFormat<"f32", 32, 8, 24>;
def FmtF64 : FloatFormat<"f64", 64, 11, 53>;
def FmtE4M3 : FloatFormat<"e4m3", 8, 4, 4, /*finiteOnly=*/1>;
def FmtE5M2 : FloatFormat<"e5m2", 8, 5, 3>;
// The fp6 and fp4 formats (PTX ISA 5.2.5): no infinities, no NaN. An fp6
// value sits in the low 6 bits of its byte, the two above zero.
def FmtE2M3 : FloatFormat<"e2m3", 6, 2, 4, 0, /*noSpecials=*/1>;
def FmtE3M2 : FloatFormat<"e3m2", 6, 3, 3, 0, /*noSpecials=*/1>;
def FmtE2M1 : FloatFormat<"e2m1", 4, 2, 2, 0, /*noSpecials=*/1>;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

def F32 : PtxType<"f32", 32, 1, FmtF32, [FmtF32], ".f32 or .b32", "0f">;
def F64 : PtxType<"f64", 64, 1, FmtF64, [FmtF64], ".f64 or .b64", "0d">;
def F16 : PtxType<"f16", 16, 1, FmtF16, [FmtF16], ".f16 or .b16">;
def BF16 : PtxType<"bf16", 16, 1, FmtBF16, [FmtBF16], ".b16 only">;
def F16x2 : PtxType<"f16x2", 32, 2, FmtF16, [], ".b32 or .f16x2">;
def BF16x2 : PtxType<"bf16x2", 32, 2, FmtBF16, [], ".b32 only">;
def F32x2 : PtxType<"f32x2", 64, 2, FmtF32, [], ".b64 only">;
let Int = IntBits in {
def B16 : PtxType<"b16", 16, 1, FmtNone, [FmtF16, FmtBF16],
                  "any 16-bit register", "0x">;
def B32 : PtxType<"b32", 32, 1, FmtNone, [FmtF32], "any 32-bit register",
                  "0x">;
def B64 : PtxType<"b64", 64, 1, FmtNone, [FmtF64], "any 64-bit register",
                  "0x">;
}
def TF32 : PtxType<"tf32", 32, 1, FmtTF32, [FmtF32],
                   ".b32 (an f32 bit pattern with the low 13 bits zero)">;
def E4M3x2 : PtxType<"e4m3x2", 16, 2, FmtE4M3, [], ".b16 only">;
def E5M2x2 : PtxType<"e5m2x2", 16, 2, FmtE5M2, [], ".b16 only">;
// Four packed 8-, 6- or 4-bit values (cvt.rs's destinations): a in the
// highest lane. An fp6 lane takes a byte, its two high bits zero.
def E4M3x4 : PtxType<"e4m3x4", 32, 4, FmtE4M3, [], ".b32 only">;
def E5M2x4 : PtxType<"e5m2x4", 32, 4, FmtE5M2, [], ".b32 only">;
let ValueBits = 6 in {
def E2M3x4 : PtxType<"e2m3x4", 32, 4, FmtE2M3, [],
                     ".b32 only (each byte's two high bits zero)">;
def E3M2x4 : PtxType<"e3m2x4", 32, 4, FmtE3M2, [],
                     ".b32 only (each byte's two high bits zero)">;
}
def E2M1x4 : PtxType<"e2m1x4", 16, 4, FmtE2M1, [], ".b16 only">;
// Bytes: the element of a bulk memory operand (cp.async.bulk's dstMem and
// srcMem), which takes a memref of any element type; no instruction has a
// .b8 register operand in the table.
let Int = IntBits in
def B8 : PtxType<"b8", 8, 1, FmtNone, [],
                 "bytes of a bulk memory operand (a memref of any element "
                 "type)">;
let Int = IntBits in
def B128 : PtxType<"b128", 128, 1, FmtNone, [], ".b128 (an i128)">;

// A predicate register: one bit, held in an i1 (no immediates: PTX writes
// a predicate source as a register).
let Int = IntPred in
def Pred : PtxType<"pred", 1, 1, FmtNone, [], ".pred (an i1)">;

// Integer types: an integer container of their width, immediates in hex.
// Packed 16-bit pairs hold lane 0 in the low half and take registers only
// (ptxas 13.0 rejects an immediate source of add/min/max .s16x2/.u16x2).
class IntType<string name, int width, int lanes, IntKind kind>
    : PtxType<name, width, lanes, FmtNone, [],
              !if(!eq(lanes, 1), "." # name # " or .b" # width # " (an i" #
                                    width # ")",
                  ".b32 (an i32, lane 0 in the low half)"),
              !if(!eq(lanes, 1), "0x", "")> {
  let Int = kind;
}
def S16 : IntType<"s16", 16, 1, IntSigned>;
def U16 : IntType<"u16", 16, 1, IntUnsigned>;
def S32 : IntType<"s32", 32, 1, IntSigned>;
def U32 : IntType<"u32", 32, 1, IntUnsigned>;
def S64 : IntType<"s64", 64, 1, IntSigned>;
def U64 : IntType<"u64", 64, 1, IntUnsigned>;
def S16x2 : IntType<"s16x2", 32, 2, IntSigned>;
def U16x2 : IntType<"u16x2", 32, 2, IntUnsigned>;

// 8-bit integers (cvt only): the value lives in a 16-bit register, held in
// an i16 register tile. A source is read from the low 8 bits (cvt ignores
// the high byte: "chop"); a result is sign-extended (.s8) or zero-extended
// (.u8) into all 16 bits, as the H200 writes a .b16 register
// (docs/IntegerFacts.md section 5). ptxas also takes 32- and 64-bit
// registers for them; tile-mlir uses the 16-bit one only.
class Int8Type<string name, IntKind kind>
    : PtxType<name, 16, 1, FmtNone, [],
              "." # name # " value in a .b16 register (an i16): read from "
              "the low 8 bits, written sign- or zero-extended to 16",
              "0x"> {
  let Int = kind;
  let ValueBits = 8;
}
def S8 : Int8Type<"s8", IntSigned>;
def U8 : Int8Type<"u8", IntUnsigned>;

// cvt.pack's 2- and 4-bit convert types: type suffixes only (no operand
// has them; d is a .b32 that holds the packed fields).
class PackFieldType<string name, int width, IntKind kind>
    : PtxType<name, 32, 1, FmtNone, [],
              "a cvt.pack convert type only: " # width # "-bit fields of "
              "the .b32 destination"> {
  let Int = kind;
  let ValueBits = width;
}
def S2 : PackFieldType<"s2", 2, IntSigned>;
def U2 : PackFieldType<"u2", 2, IntUnsigned>;
def S4 : PackFieldType<"s4", 4, IntSigned>;
def U4 : PackFieldType<"u4", 4, IntUnsigned>;

//===----------------------------------------------------------------------===//
// Qualifiers
//===----------------------------------------------------------------------===//

def Global : Qual<"global">;
def Shared : Qual<"shared">;
def CA : Qual<"ca">;
def CG : Qual<"cg">;
def CS : Qual<"cs">;
def LU : Qual<"lu">;
def CV : Qual<"cv">;
def WB : Qual<"wb">;
def WT : Qual<"wt">;
def V2 : Qual<"v2">;
def V4 : Qual<"v4">;
def V8 : Qual<"v8">;
def RN : Qual<"rn">;
def RZ : Qual<"rz">;
def RM : Qual<"rm">;
def RP : Qual<"rp">;
def FTZ : Qual<"ftz">;
def OOB : Qual<"oob">;
def SAT : Qual<"sat">;
def RELU : Qual<"relu">;
def NaN : Qual<"NaN">;
def XorsignAbs : Qual<"xorsign.abs">;
def Abs : Qual<"abs">;
def RNA : Qual<"rna">;
def RNI : Qual<"rni">;
def RZI : Qual<"rzi">;
def RMI : Qual<"rmi">;
def RPI : Qual<"rpi">;
def SatFinite : Qual<"satfinite">;
// Stochastic rounding (cvt, PTX ISA 8.7): rounds by random bits.
def RS : Qual<"rs">;
// Shared by the integer families (mul.hi, mad.lo, mul.wide, the carry
// chain) and the unsigned compare operators (setp.lo, setp.hi).
def Hi : Qual<"hi">;
def Lo : Qual<"lo">;
def Wide : Qual<"wide">;
def CC : Qual<"cc">;
// cvt.pack (PTX ISA 9.7.9.21): written as a qualifier of cvt.
def Pack : Qual<"pack">;

/// The IEEE rounding modifiers of the floating-point families.
defvar RND = [RN, RZ, RM, RP];

//===----------------------------------------------------------------------===//
// Semantics keys
//===----------------------------------------------------------------------===//

def SemFma : Semantics<"fma", "fmaLane", "fmaInputs">;
def SemAdd : Semantics<"add", "addLane", "addInputs">;
def SemSub : Semantics<"sub", "subLane", "subInputs">;
def SemMul : Semantics<"mul", "mulLane", "mulInputs">;
def SemMin : Semantics<"min", "minLane", "selectInputs">;
def SemMax : Semantics<"max", "maxLane", "selectInputs">;
def SemNeg : Semantics<"neg", "negLane", "selectInputs">;
def SemAbs : Semantics<"abs", "absLane", "selectInputs">;
def SemCopysign : Semantics<"copysign", "copysignLane", "selectInputs">;
def SemConvert : Semantics<"convert", "convertLane", "convertInputs">;
def SemLoad : DataMovement<"load">;
def SemStore : DataMovement<"store">;
def SemMove : DataMovement<"move">;

#endif // TILE_PTX_PTXTYPES_TD
