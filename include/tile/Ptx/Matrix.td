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
// Floors measured with ptxas 13.0 (docs/PtxasScan-matrix.md). The b8 forms
// (.m16n16, .m8n16, .m16n8 with .b8 and the .b6x16_p32/.b4x16_p64 unpacking
// types) need sm_100a and newer arch-specific chips: not yet in the table.
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

/// The rows the lanes address: lane l, row l % 8 of matrix (l / 8) % n.
class MatrixRows<int n>
    : Fragment<B16, 8, 8, 1, 8,
               [Digit<FromLane, 8, n, 1, 0, 0>, LaneDigit<1, 8, 1, 0>,
                ElemDigit<1, 8, 0, 1>], n, !mul(8, n)>;
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

#endif // TILE_PTX_MATRIX_TD
