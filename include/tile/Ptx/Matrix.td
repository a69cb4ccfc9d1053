//===- Matrix.td - Warp-level matrix load, store and move -*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// ldmatrix, stmatrix and movmatrix (PTX ISA 9.7.14.5.15 - 9.7.14.5.17): the
// 32 lanes of a warp move up to four 8 x 8 matrices of 16-bit elements
// between shared memory and their registers together. Two maps are facts of
// each form, written as `Fragment` records:
//   - the registers: lane l holds, of matrix j, row l / 4 and columns
//     2 (l % 4) and 2 (l % 4) + 1 in register j (with .trans, the column and
//     rows swapped), the first in the low half;
//   - the addresses: lane l provides the address of row l % 8 of matrix
//     l / 8 (lanes 8 * count and up: ignored; the map repeats valid rows).
// The verifier, the lowering (each lane's address), the reference, the CPU
// backend and the docs read them.
//
// Floors measured with ptxas 13.0 (docs/PtxasScan-matrix.md). The 8-bit
// and packed forms (.m16n16, .m8n16, .m16n8 with .b8 and the
// .b6x16_p32/.b4x16_p64 unpacking formats) are on the arch-specific and
// family chips from sm_100a: their register maps are drawn, not written,
// in the ISA, so their fragments are Unknown (see the end of this file).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_MATRIX_TD
#define TILE_PTX_MATRIX_TD

include "tile/Ptx/PtxTypes.td"
include "tile/Ptx/Mma.td"

def M8N8 : Qual<"m8n8">;
def TRANS : Qual<"trans">;
/// `.shared::cta`: the executing CTA's shared memory, the same window as
/// `.shared` (PTX ISA 7.8).
def SharedCta : Qual<"shared::cta">;

/// A count of matrices (`.x1`, `.x2`, `.x4`).
class MatrixCount<int n> : Qual<"x" # n> { int N = n; }
def X1 : MatrixCount<1>;
def X2 : MatrixCount<2>;
def X4 : MatrixCount<4>;
/// Not a documented count: ptxas 13.0 accepts `.x8` with a vector of any
/// size and emits no LDSM or STSM for it (measured: the destination
/// registers stay undefined).
def X8 : MatrixCount<8>;

/// The rows the lanes address, `rows` a matrix of `cols` elements: lane l,
/// row l % rows of matrix (l / rows) % n.
class LaneRows<PtxType elem, int rows, int cols, int n>
    : Fragment<elem, rows, cols, 1, cols,
               [Digit<FromLane, rows, n, 1, 0, 0>, LaneDigit<1, rows, 1, 0>,
                ElemDigit<1, cols, 0, 1>], n, !mul(rows, n)>;
/// m8n8 .b16: lane l, row l % 8 of matrix (l / 8) % n.
class MatrixRows<int n> : LaneRows<B16, 8, 8, n>;
/// The registers: register j holds matrix j, at row l / 4, columns
/// 2 (l % 4) + {0, 1}.
class MatrixRegs<int n>
    : Fragment<B16, 8, 8, n, 2,
               [GroupId<1, 0>, ThreadInGroup<0, 2>, ElemDigit<1, 2, 0, 1>,
                Digit<FromElem, 2, n, 1, 0, 0>], n>;
/// With .trans: register j holds matrix j at column l / 4, rows
/// 2 (l % 4) + {0, 1}.
class MatrixRegsTrans<int n>
    : Fragment<B16, 8, 8, n, 2,
               [GroupId<0, 1>, ThreadInGroup<2, 0>, ElemDigit<1, 2, 1, 0>,
                Digit<FromElem, 2, n, 1, 0, 0>], n>;

/// ldmatrix and stmatrix share their semantics: a move through the two
/// fragments (ref::evaluateFragmentMove), the 32 lanes together.
def SemMatrixMove : Collective<"matrix_move", ""> {
  let Groups = 1;
}

defvar DocLdmatrix = "9.7.14.5.15 ldmatrix";
defvar DocStmatrix = "9.7.14.5.16 stmatrix";
defvar DocMovmatrix = "9.7.14.5.17 movmatrix";

foreach c = [X1, X2, X4] in {
  defvar n = !cast<string>(c.N);
  def MatrixRowsX # n : MatrixRows<c.N>;
  def MatrixRegsX # n : MatrixRegs<c.N>;
  def MatrixRegsTransX # n : MatrixRegsTrans<c.N>;
  foreach trans = [0, 1] in {
    defvar t = !if(trans, "Trans", "");
    defvar regs = !cast<Fragment>("MatrixRegs" # t # "X" # n);
    defvar slots = !listconcat([Slot<FlagSlot, [SYNC], 1>,
                                Slot<FlagSlot, [ALIGNED], 1>,
                                Slot<FlagSlot, [M8N8], 1>,
                                Slot<FlagSlot, [c], 1>],
                               !if(trans, [Slot<FlagSlot, [TRANS], 1>],
                                   []<Slot>),
                               [Slot<StateSpaceSlot, [Shared, SharedCta],
                                     1>]);
    def Ldmatrix # t # "X" # n
        : Form<"ldmatrix", slots, [B16],
               [FragReg<"r", Def, B32, regs>,
                RowsMem<"p", Use, B16, SharedSpace,
                        !cast<Fragment>("MatrixRowsX" # n)>],
               65, 75, SemMatrixMove, DocLdmatrix> {
      let QualFloors = [QualFloor<SharedCta, 78, 75>];
      let Sass = "LDSM";
      let SassCopies = 1;
      let NaNResult = NaNNone;
    }
    def Stmatrix # t # "X" # n
        : Form<"stmatrix", slots, [B16],
               [RowsMem<"p", Def, B16, SharedSpace,
                        !cast<Fragment>("MatrixRowsX" # n)>,
                FragReg<"r", Use, B32, regs>],
               78, 90, SemMatrixMove, DocStmatrix> {
      let Sass = "STSM";
      let SassCopies = 1;
      let NaNResult = NaNNone;
    }
  }
}

// The state space is optional in the ISA (generic addressing without it);
// tile.apply's operand is a workgroup memref, so the table has the shared
// forms only.
foreach m = ["ldmatrix", "stmatrix"] in
  def : Rejected<m, [B16], [], [],
    "generic addressing (no state space) is not supported: the operand is "
    "a workgroup memref, so write .shared (or .shared::cta)"> {
    let Documented = 1;
    let NoneOf = [Shared, SharedCta];
  }

foreach m = ["ldmatrix", "stmatrix"] in
  def : Rejected<m, [B16], [X8], [],
    "'.x8' is not a documented count (.x1, .x2, .x4); ptxas 13.0 accepts it "
    "with a vector of any size and emits no instruction for it">;

/// movmatrix: `a` holds the matrix as ldmatrix's x1 registers, `d` its
/// transpose: lane l's d holds column l / 4, rows 2 (l % 4) + {0, 1} of a's
/// matrix.
def MovmatrixTrans
    : Form<"movmatrix", [Req<SYNC>, Req<ALIGNED>, Req<M8N8>, Req<TRANS>],
           [B16],
           [BareFragReg<"d", Def, B32, MatrixRegsTransX1>,
            BareFragReg<"a", Use, B32, MatrixRegsX1>],
           78, 75, SemMatrixMove, DocMovmatrix> {
  let Sass = "MOVM";
  let SassCopies = 1;
  let NaNResult = NaNNone;
}

//===----------------------------------------------------------------------===//
// 8-bit and packed matrices (sm_100a, sm_120a and their families)
//===----------------------------------------------------------------------===//
//
// ldmatrix .m16n16 (.trans only) of .b8 elements or of 6- and 4-bit ones
// unpacked into bytes (.b8x16.b6x16_p32, .b8x16.b4x16_p64: a 16-byte row of
// sixteen 6- or 4-bit values and 32 or 64 bits of padding), ldmatrix .m8n16
// (no .trans) of the packed ones, stmatrix .m16n8 (.trans only) of .b8.
// PTX ISA 8.6 (9.7.14.5.15, 9.7.14.5.16). Measured with ptxas 13.0 (16,543
// runs, docs/PtxasScan-matrix.md): each assembles on sm_100a, sm_100f,
// sm_103a, sm_103f, sm_110a, sm_110f, sm_120a, sm_120f, sm_121a and
// sm_121f at the chip's own floor, and on no other chip (not sm_90a, sm_100
// or sm_120); .m16n16 takes 2 registers a matrix (the ISA's "1, 2 or 4 as
// per .num" is the other shapes'), .m8n16 and .m16n8 one; SASS LDSM.8.MT1616,
// LDSM.U6x16P32TO8.MT1616, LDSM.U4x16P64TO8.M816, STSM.8.MT168 (.2, .4 for
// more matrices).
//
// Each row address is of 16 bytes. The ISA's table gives lanes 0-7 the
// rows of the first matrix, 8-15 the second's and so on (m8n16; stmatrix
// m16n8, whose 16 x 8 matrix is stored transposed as 8 rows of 16 bytes);
// a 16 x 16 matrix has 16 rows, which lanes 0-15 give (16-31 the second
// matrix's): inferred from the byte count, as CUTLASS's SM100 ldmatrix
// traits address them, since the ISA's table counts 8 rows a matrix.
// Which byte of which register holds which element, and where a 6- or
// 4-bit value sits in its byte, the ISA draws (figures 105, 106, 108)
// without a formula; no GPU here has the forms to measure it. So the
// register fragments are Unknown: the verifier counts the registers and
// checks the rows, the lowering passes them through, and the reference and
// the CPU backend refuse the forms with the reason.

def M16N16 : Qual<"m16n16">;
def M8N16 : Qual<"m8n16">;
def M16N8 : Qual<"m16n8">;
/// The destination format of an unpacking load, and its packed sources.
def B8x16Fmt : Qual<"b8x16">;
def B6x16P32 : Qual<"b6x16_p32">;
def B4x16P64 : Qual<"b4x16_p64">;

defvar BlackwellArchChips = ["sm_100a", "sm_100f", "sm_103a", "sm_103f",
                             "sm_110a", "sm_110f", "sm_120a", "sm_120f",
                             "sm_121a", "sm_121f"];
defvar DrawnOnly = "has a register layout that the ISA draws without a "
  "formula (which byte of which register holds which element, and where a "
  "6- or 4-bit value sits in its byte), and no sm_100 or sm_120 GPU here "
  "has measured it";

/// Rows of 16 bytes, 8 a matrix: lane l, row l % 8 of matrix l / 8.
class ByteRows8<int n> : LaneRows<B8, 8, 16, n>;
/// Rows of 16 bytes, 16 a matrix: lane l, row l % 16 of matrix l / 16.
class ByteRows16<int n> : LaneRows<B8, 16, 16, n>;

/// The forms' slots: sync, aligned, the shape and count, `.trans`, the
/// shared state space, then the formats (none for .b8).
class ByteMatrixSlots<Qual shape, MatrixCount c, bit trans,
                      list<Slot> formats> {
  list<Slot> List = !listconcat(
      [Slot<FlagSlot, [SYNC], 1>, Slot<FlagSlot, [ALIGNED], 1>,
       Slot<FlagSlot, [shape], 1>, Slot<FlagSlot, [c], 1>],
      !if(trans, [Slot<FlagSlot, [TRANS], 1>], []<Slot>),
      [Slot<StateSpaceSlot, [Shared, SharedCta], 1>], formats);
}
defvar PackedFormats = [Slot<FlagSlot, [B8x16Fmt], 1>,
                        Slot<FlagSlot, [B6x16P32, B4x16P64], 1, "src_fmt">];

class ByteMatrixForm<string mnemonic, list<Slot> slots, list<PtxType> types,
                     list<Operand> operands, string doc, string sass>
    : Form<mnemonic, slots, types, operands, 86, 100, SemMatrixMove, doc> {
  let ArchChips = BlackwellArchChips;
  let Sass = sass;
  let SassCopies = 1;
  let NaNResult = NaNNone;
}

foreach c = [X1, X2] in {
  defvar n = !cast<string>(c.N);
  def ByteRows16X # n : ByteRows16<c.N>;
  def MatrixRegsM16N16X # n
      : UnknownFragment<B8, 16, 16, !mul(2, c.N), 4, c.N, DrawnOnly>;
  defvar regs = FragReg<"r", Def, B32,
                        !cast<Fragment>("MatrixRegsM16N16X" # n)>;
  defvar rows = RowsMem<"p", Use, B8, SharedSpace,
                        !cast<Fragment>("ByteRows16X" # n)>;
  def LdmatrixM16N16B8X # n
      : ByteMatrixForm<"ldmatrix", ByteMatrixSlots<M16N16, c, 1, []>.List,
                       [B8], [regs, rows], DocLdmatrix, "LDSM">;
  def LdmatrixM16N16PackedX # n
      : ByteMatrixForm<"ldmatrix",
                       ByteMatrixSlots<M16N16, c, 1, PackedFormats>.List, [],
                       [regs, rows], DocLdmatrix, "LDSM">;
}
foreach c = [X1, X2, X4] in {
  defvar n = !cast<string>(c.N);
  def ByteRows8X # n : ByteRows8<c.N>;
  def MatrixRegsM8N16X # n
      : UnknownFragment<B8, 8, 16, c.N, 4, c.N, DrawnOnly>;
  def MatrixRegsM16N8X # n
      : UnknownFragment<B8, 16, 8, c.N, 4, c.N, DrawnOnly>;
  defvar rows = !cast<Fragment>("ByteRows8X" # n);
  def LdmatrixM8N16PackedX # n
      : ByteMatrixForm<"ldmatrix",
                       ByteMatrixSlots<M8N16, c, 0, PackedFormats>.List, [],
                       [FragReg<"r", Def, B32,
                                !cast<Fragment>("MatrixRegsM8N16X" # n)>,
                        RowsMem<"p", Use, B8, SharedSpace, rows>],
                       DocLdmatrix, "LDSM">;
  def StmatrixM16N8B8X # n
      : ByteMatrixForm<"stmatrix", ByteMatrixSlots<M16N8, c, 1, []>.List,
                       [B8],
                       [RowsMem<"p", Def, B8, SharedSpace, rows>,
                        FragReg<"r", Use, B32,
                                !cast<Fragment>("MatrixRegsM16N8X" # n)>],
                       DocStmatrix, "STSM">;
}

foreach m = ["ldmatrix", "stmatrix"] in
  def : Rejected<m, [B8], [], [],
    "generic addressing (no state space) is not supported: the operand is "
    "a workgroup memref, so write .shared (or .shared::cta)"> {
    let Documented = 1;
    let NoneOf = [Shared, SharedCta];
  }

#endif // TILE_PTX_MATRIX_TD
