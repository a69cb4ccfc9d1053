"""The instruction table, as exported by `tile-ptx-forms --json`.

Everything outside C++ that needs a fact about an instruction (qualifier
slots, types and their formats, operand roles, floors, chip PTX floors, the
semantics key) reads it here, from the export that the build writes to
`build/share/tile-mlir/instr_table.json`. Nothing is typed twice.
"""

import functools
import json
import os
import subprocess

_HERE = os.path.dirname(os.path.abspath(__file__))
_CANDIDATES = (
    os.path.join(_HERE, "_lib", "instr_table.json"),  # a wheel
    os.path.join(_HERE, "instr_table.json"),  # an installed package
    os.path.normpath(os.path.join(_HERE, "..", "..", "build", "share",
                                  "tile-mlir", "instr_table.json")),
)


def _locate():
    env = os.environ.get("TILE_INSTR_TABLE")
    if env:
        return env
    from .compiler import build_dirs
    installed = [os.path.join(b, "share", "tile-mlir", "instr_table.json")
                 for b in build_dirs()]
    for path in list(_CANDIDATES) + installed:
        if os.path.exists(path):
            return path
    return None


@functools.lru_cache(maxsize=None)
def table():
    """The whole export (a dict)."""
    path = _locate()
    if path:
        with open(path) as f:
            return json.load(f)
    # No export on disk: ask the tool (on PATH or $TILE_MLIR_TOOLS).
    from .compiler import find_tool
    out = subprocess.run([find_tool("tile-ptx-forms"), "--json"],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def trimmed(export):
    """`export` without what only the C++ and the utils read (fragment maps,
    SASS, syntax and documentation): what an installed front-end carries."""
    keep = ("mnemonic", "operands", "types", "semantics", "sm", "ptx",
            "older_chips", "arch_chips", "slots", "variant", "index",
            "no_preserve_dst")
    out = {k: v for k, v in export.items() if k != "fragments"}
    out["fragment_registers"] = {name: _registers(frag) for name, frag in
                                 export["fragments"].items()}
    out["forms"] = [dict({k: f[k] for k in keep if k in f},
                         instances=f["instances"])
                    for f in export["forms"]]
    return out


@functools.lru_cache(maxsize=None)
def special_register(name):
    """The table's record of special register `name` (`%clock64`): its
    bits, the NVVM op that reads it and its floors; None if it has none."""
    for r in table().get("special_registers", []):
        if r["name"] == name:
            return r
    return None


def special_registers():
    """The names of the table's special registers."""
    return [r["name"] for r in table().get("special_registers", [])]


def forms():
    return table()["forms"]


def _registers(frag):
    """None for a fragment whose map the table does not know."""
    if "map" not in frag:
        return None
    per = frag["per_reg"]
    return [[[m[r * per], m[r * per + 1] if per > 1 else None]
             for r in range(frag["regs"])] for m in frag["map"]]


def fragment_registers(record):
    """Of fragment `record` (an operand's "fragment" in the table), per lane
    and register: the [matrix, row, column] of the register's first element
    and of its second (None where a register holds one element); None where
    the table does not know the map (its "unknown" says why)."""
    t = table()
    if "fragment_registers" in t:
        return t["fragment_registers"][record]
    return _registers(t["fragments"][record])


def is_contractable_product(opcode):
    """Whether `opcode` is a multiplication that spells no rounding mode
    (`mul.f32`, not `mul.rn.f32`): PTX lets the compiler fuse it with an
    addition that uses it, as nvcc and ptxas do."""
    form = form_of(opcode)
    if form is None or form["semantics"] != "mul":
        return False
    inst = instance_of(opcode)
    return bool(inst.get("rounding")) and \
        inst["rounding"] not in inst["qualifiers"]


@functools.lru_cache(maxsize=None)
def _by_opcode():
    """(form, instance) of each opcode: the first in table order, where
    several forms spell it (min.f32 and its two-operand variants)."""
    found = {}
    for form, inst in instances():
        found.setdefault(inst["opcode"], (form, inst))
    return found


@functools.lru_cache(maxsize=None)
def forms_spelling(opcode):
    """Every form of the table one of whose instances spells `opcode` (a
    spelling several forms share, mov.b64 plain, pack and unpack, gives
    them all), in table order."""
    return tuple(f for f in forms()
                 if any(i["opcode"] == opcode for i in f["instances"]))


def form_of(opcode):
    """The form of the table whose instance spells `opcode`, or None."""
    found = _by_opcode().get(opcode)
    return found[0] if found else None


def instance_of(opcode):
    """The table's instance (its dict) that spells `opcode`, or None."""
    found = _by_opcode().get(opcode)
    return found[1] if found else None


def keeps_destination(opcode):
    """Whether a false predicate can keep `opcode`'s register destination
    (tile.apply's preserve_dst): it has one, and ptxas 13.0 keeps it (the
    form has no `no_preserve_dst` reason)."""
    found = _by_opcode().get(opcode)
    if not found:
        return False
    form = found[0]
    return not form.get("no_preserve_dst") and any(
        o.get("kind") == "register" and o.get("role") == "def"
        for o in form["operands"])


def instances(mnemonic=None):
    """(form, instance) pairs of every concrete opcode, in table order."""
    for form in forms():
        if mnemonic and form["mnemonic"] != mnemonic:
            continue
        for inst in form["instances"]:
            yield form, inst


@functools.lru_cache(maxsize=None)
def types():
    """PTX data types by name (one dict per process: do not modify it)."""
    return {t["name"]: t for t in table()["types"]}


@functools.lru_cache(maxsize=None)
def formats():
    """Floating-point formats by name (one dict per process)."""
    return {f["name"]: f for f in table()["formats"]}


def data_movement():
    """The semantics keys that move bits (no reference lane function)."""
    return tuple(s["name"] for s in table()["semantics"] if s["data_movement"])


def collectives():
    """The semantics keys of the warp collectives (a warp function, no lane
    function: the lanes of a member mask meet)."""
    return tuple(s["name"] for s in table()["semantics"]
                 if s.get("collective"))


def without_lane_function():
    """The semantics keys one thread cannot evaluate alone: data movement
    and the warp collectives."""
    return data_movement() + collectives()


def mnemonics():
    return list(table()["mnemonics"])


def qualifiers():
    return list(table()["qualifiers"])


def chip_min_ptx(sm):
    """Lowest PTX ISA version (major*10+minor) for sm_<sm> (or a chip name
    such as "sm_100a"), 0 if unknown."""
    name = sm if isinstance(sm, str) else f"sm_{sm}"
    for chip in table()["chips"]:
        if chip["name"] == name and chip["checked"]:
            return chip["min_ptx"]
    return 0


def chip_sm(name):
    """The SM number of a chip name: "sm_100a" -> 100."""
    return int(name.replace("sm_", "").rstrip("af"))


def arch_chips(form):
    """The arch-specific chips that alone have `form` (cvt.rs: sm_100a,
    sm_103a), or [] where every chip from its SM floor up has it."""
    return form.get("arch_chips", [])


def on_chip(form, inst, chip):
    """Whether opcode `inst` of `form` exists on `chip` (a name such as
    "sm_90" or "sm_100a"): at or above its SM floor, or on an older chip
    the form lists, and, for a form of arch-specific chips, one of them.
    (The PTX ISA version is the caller's to raise.)"""
    sm = chip_sm(chip)
    if arch_chips(form):
        return chip in arch_chips(form)
    return inst["sm"] <= sm or any(o["sm"] <= sm for o in form["older_chips"])


def test_chip(form, inst, sm):
    """The chip a test kernel of `inst` targets on a machine of SM `sm`:
    sm_<sm>, or for a form of arch-specific chips the first of them of that
    SM; None where no such chip has the form."""
    if not arch_chips(form):
        return f"sm_{sm}" if inst["sm"] <= sm else None
    for chip in arch_chips(form):
        if chip_sm(chip) == sm:
            return chip
    return None


def peak_rates(semantics, ptx_type):
    """{SM: results (lanes) per SM and clock} of `semantics` on `ptx_type`
    (e.g. "fma", "f16x2"), for the chips the table has a figure for."""
    return {r["sm"]: r["lanes_per_clock"] for r in table()["peak_rates"]
            if (r["semantics"], r["type"]) == (semantics, ptx_type)}


def element_bits(elt):
    """Width of an MLIR element type name: 'i32' -> 32, 'bf16' -> 16."""
    if elt.startswith("i") and elt[1:].isdigit():
        return int(elt[1:])
    fmt = formats().get(elt)
    if fmt is None:
        raise KeyError(f"unknown element type '{elt}'")
    return fmt["bits"]


def native_containers():
    """PTX type -> the MLIR element type that holds it natively: its first
    float container, else the integer of its width."""
    out = {}
    for name, t in types().items():
        floats = t["float_containers"]
        out[name] = floats[0] if floats else f"i{t['bits']}"
    return out


def holds(ptx_type, elt):
    """Whether MLIR element type `elt` is a container of `ptx_type` (the
    verifier's rule): the integer of its width, or one of its float
    containers."""
    t = types()[ptx_type]
    return elt == f"i{t['bits']}" or elt in t["float_containers"]


def bit_containers():
    """PTX type -> the integer container of its width."""
    return {name: f"i{t['bits']}" for name, t in types().items()}


def is_predicate(ptx_type):
    """Whether `ptx_type` is the one-bit predicate type (held in an i1)."""
    return types()[ptx_type]["bits"] == 1


def predicate_bridge(bits):
    """(to_int, from_int): the table's opcodes that move a predicate through
    a `bits`-bit integer, as memory holds no predicate: `to_int d, 1, 0, p`
    writes 1 or 0, `from_int p, x, 0` sets p to x != 0."""
    for b in table().get("predicate_bridges", []):
        if b["bits"] == bits:
            return b["to_int"], b["from_int"]
    raise KeyError(f"no predicate bridge of {bits}-bit integers")


def plain_opcode(semantics, type_suffixes):
    """The opcode of the table's form with semantics key `semantics` and
    these type suffixes, written without qualifiers: ("or", ["b64"]) gives
    or.b64, ("int_convert", ["u64", "u32"]) cvt.u64.u32."""
    for form, inst in instances():
        if (form["semantics"] == semantics and
                form["types"] == list(type_suffixes) and
                not inst["qualifiers"]):
            return inst["opcode"]
    raise KeyError(f"no {semantics} form of "
                   f"{'.'.join(type_suffixes)} without qualifiers")


@functools.lru_cache(maxsize=None)
def move_opcode(mnemonic, elt, atom=1):
    """The table's global `ld` or `st` opcode that moves `atom` elements of
    MLIR element type `elt`: the form whose type is `elt` itself, else one
    whose type holds it."""
    bits = element_bits(elt)
    holders = []
    for form, inst in instances(mnemonic):
        op = next(o for o in form["operands"] if o["kind"] == "register")
        t = types()[op["type"]]
        if op["atom"] != atom or t["bits"] != bits:
            continue
        if op["type"] == elt:
            return inst["opcode"]
        if holds(op["type"], elt):
            holders.append(inst["opcode"])
    if holders:
        return holders[0]
    raise KeyError(f"no global {mnemonic} of {atom} x '{elt}'")
