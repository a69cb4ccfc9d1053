"""Python control flow on kernel values, as TIRx users write it.

A `@T.function` body is traced by running it. Python's `if`, `and`, `or`,
`not`, chained comparisons and conditional expressions need a truth value,
which a kernel value (`T.cuda.lane_id() < 16`) does not have until the
kernel runs. So, as TVMScript parses its functions, the body is rewritten
before it runs:

    if c:               __tile_c1 = __tile_cond__(c, <jumps>)
        A               if __tile_is_python__(__tile_c1):
    else:       ->          if __tile_c1: A
        B                   else: B
                        else:
                            with __tile_then__(__tile_c1): A
                            with __tile_else__(__tile_c1): B

A Python value keeps Python's `if` (with its `break`, `continue` and
`return`); a kernel value opens `scf.if` and traces both regions. Names
that either region assigns are merged at the end: their values in the two
regions become the `scf.if`'s results (`__tile_merge__`), so that

    s = T.float32(1)
    if lane < 8:
        s = s * 2
    B[lane] = s

stores 2 in lanes 0..7 and 1 in the others, as TIRx's mutable scalars do.
A branch whose region jumps (`break`, `continue`, `return` at its own
level) is an error: a branch of the kernel cannot leave a Python loop. A
name bound to one element (`old = A[i, 0]`) reads it there
(`__tile_read__`), as TIRx's BufferLoad does, so a later store to A[i, 0]
does not change `old`. One
`a and b`,
`a or b`, `not a`, `a < b < c` and `x if c else y` become calls that build
the kernel's logic for kernel values and keep Python's meaning otherwise.
Line and column numbers are kept, so locations still name the user's
source. A function that cannot be rewritten faithfully (no source, a
wrapped function, `nonlocal`) is traced as it is.
"""

import ast
import copy
import inspect
import textwrap

_NEEDS = (ast.If, ast.BoolOp, ast.IfExp, ast.For, ast.While)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef,
           ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


# The operator module's in-place function of each augmented assignment.
_IN_PLACE = {ast.Add: "iadd", ast.Sub: "isub", ast.Mult: "imul",
             ast.Div: "itruediv", ast.FloorDiv: "ifloordiv", ast.Mod: "imod",
             ast.Pow: "ipow", ast.LShift: "ilshift", ast.RShift: "irshift",
             ast.BitOr: "ior", ast.BitXor: "ixor", ast.BitAnd: "iand",
             ast.MatMult: "imatmul"}


def _thunk(expr):
    return ast.Lambda(ast.arguments([], [], None, [], [], None, []), expr)


def _lazy_select_call(node):
    """Whether `node` is a call `M.if_then_else(c, a, b)` (or `M.Select`,
    `M.select`) with three positional arguments."""
    return isinstance(node, ast.Call) and \
        isinstance(node.func, ast.Attribute) and \
        node.func.attr in ("if_then_else", "Select", "select") and \
        len(node.args) == 3 and not node.keywords and \
        not any(isinstance(a, ast.Starred) for a in node.args)


def _call(name, args):
    return ast.Call(ast.Name(name, ast.Load()), args, [])


def _grid_nest(node):
    """`for i, j in T.grid(a, b): body` as `for i in <axis a>: for j in
    <axis b>: body` (each axis a Python range, or a kernel loop where its
    extent is a kernel value: __tile_grid_axis__), or None where the loop
    is not that (a jump, an else, keywords, other targets): the same
    iterations in the same order."""
    it, target = node.iter, node.target
    if not (isinstance(it, ast.Call) and not it.keywords and
            getattr(it.func, "attr", getattr(it.func, "id", None)) ==
            "grid" and isinstance(target, ast.Tuple) and
            len(target.elts) == len(it.args) > 0 and
            all(isinstance(e, ast.Name) for e in target.elts) and
            not node.orelse and not _jumps(node.body) and
            not any(isinstance(a, ast.Starred) for a in it.args)):
        return None
    body = node.body
    for name, extent in reversed(list(zip(target.elts, it.args))):
        loop = ast.For(ast.Name(name.id, ast.Store()),
                       _call("__tile_grid_axis__", [extent]), body, [])
        body = [ast.copy_location(loop, node)]
    return ast.fix_missing_locations(body[0])


def _jumps(stmts):
    """Whether `stmts` break, continue or return at their own level (not
    inside a nested loop or function)."""
    for stmt in stmts:
        for node in _own_nodes(stmt):
            if isinstance(node, (ast.Break, ast.Continue, ast.Return)):
                return True
    return False


def _own_nodes(node):
    yield node
    if isinstance(node, (ast.For, ast.While, ast.AsyncFor, ast.FunctionDef,
                         ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
        # A loop's own break/continue stay inside it; its else does not.
        if isinstance(node, (ast.For, ast.While, ast.AsyncFor)):
            for stmt in node.orelse:
                yield from _own_nodes(stmt)
            for stmt in node.body:
                for n in _own_nodes(stmt):
                    if isinstance(n, ast.Return):
                        yield n
        return
    for child in ast.iter_child_nodes(node):
        yield from _own_nodes(child)


def _stored_names(stmts):
    """The names that `stmts` bind in the function's own scope (not in a
    nested function, class or comprehension), the rewrite's own left out,
    sorted."""
    found = set()

    def walk(node):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
        if isinstance(node, _SCOPES):
            return
        for child in ast.iter_child_nodes(node):
            walk(child)
    for stmt in stmts:
        walk(stmt)
    return sorted(n for n in found if not n.startswith("__tile"))


def _element_read(value):
    """Whether `value` is an indexing without slices (`A[i, j]`): one
    element, read where it is bound."""
    if not isinstance(value, ast.Subscript):
        return False
    keys = value.slice.elts if isinstance(value.slice, ast.Tuple) else \
        [value.slice]
    return not any(isinstance(k, ast.Slice) for k in keys)


def _copied(value):
    """`__tile_copy__(value)`: a variable read as a value (`tmp = u` of a
    T.local_scalar u copies u's value now, as TIRx's `int tmp = u_ptr[0]`;
    a tensor stays itself)."""
    return ast.copy_location(_call("__tile_copy__", [value]), value)


def _names_tuple(target):
    """Whether an assignment target is a tuple (or list) of plain names."""
    return isinstance(target, (ast.Tuple, ast.List)) and target.elts and \
        all(isinstance(e, ast.Name) for e in target.elts)


def _bound(name, value):
    """`__tile_bind__(lambda: name, value)`: what `name = value` binds (a
    narrow integer without its promoted value; a shared scalar that `name`
    holds is stored into instead)."""
    call = _call("__tile_bind__", [_thunk(ast.Name(name, ast.Load())),
                                   value])
    ast.copy_location(call, value)
    ast.fix_missing_locations(call)
    return call


def _rebind(merge, method, names):
    """`names = merge.method()`, then each name whose value is unbound
    deleted."""
    out = [ast.Assign(
        [ast.Tuple([ast.Name(n, ast.Store()) for n in names], ast.Store())],
        ast.Call(ast.Attribute(_name(merge), method, ast.Load()), [], []))]
    for i, n in enumerate(names):
        out.append(ast.If(ast.Call(ast.Attribute(
            _name(merge), "unbound", ast.Load()), [ast.Constant(i)], []),
            [ast.Delete([ast.Name(n, ast.Del())])], []))
    return out


def _as_list(x):
    return x if isinstance(x, list) else [x]


def _method(obj, name):
    return ast.Expr(ast.Call(ast.Attribute(_name(obj), name, ast.Load()),
                             [], []))


def _name(name):
    return ast.Name(name, ast.Load())


def _own_jump_in_if(stmts):
    """Whether a `break` or `continue` of this loop level sits inside an
    `if` (one that may be on a kernel value) in `stmts`."""
    def walk(node, in_if):
        if isinstance(node, (ast.Break, ast.Continue)):
            return in_if
        if isinstance(node, (ast.For, ast.While, ast.AsyncFor) + _SCOPES):
            return False
        return any(walk(c, in_if or isinstance(node, ast.If))
                   for c in ast.iter_child_nodes(node))
    return any(walk(s, False) for s in stmts)


def _has_own_jump(node):
    return any(isinstance(n, (ast.Break, ast.Continue))
               for n in _own_nodes(node))


class _JumpFlags:
    """A loop's `break` and `continue` as flags (`_tile_break1 = True`),
    and the statements after each place that may set one guarded by
    `if not (break or continue):`, so that a jump under an `if` on a
    kernel value becomes the kernel's own: later statements and
    iterations run where no thread's flag is set. With Python values
    the loop still stops at a `break` (`__tile_stop__`)."""

    def __init__(self, n):
        self.brk, self.cont = f"_tile_break{n}", f"_tile_continue{n}"

    def flag(self, name, value):
        return ast.Assign([ast.Name(name, ast.Store())], ast.Constant(value))

    def go_on(self):
        return ast.UnaryOp(ast.Not(), ast.BoolOp(ast.Or(), [
            _name(self.brk), _name(self.cont)]))

    def guard(self, stmts):
        out = []
        for i, stmt in enumerate(stmts):
            jumps = _has_own_jump(stmt)
            out.append(self.replace(stmt))
            if jumps and stmts[i + 1:]:
                out.append(ast.If(self.go_on(), self.guard(stmts[i + 1:]),
                                  []))
                break
        return out

    def replace(self, stmt):
        if isinstance(stmt, ast.Break):
            return self.flag(self.brk, True)
        if isinstance(stmt, ast.Continue):
            return self.flag(self.cont, True)
        if isinstance(stmt, ast.If):
            stmt.body = self.guard(stmt.body) or [ast.Pass()]
            stmt.orelse = self.guard(stmt.orelse)
        elif isinstance(stmt, (ast.With, ast.Try)):
            stmt.body = self.guard(stmt.body)
        return stmt

    def loop(self, node):
        """[the flag's start, the loop] with the flags in place."""
        stop = ast.If(_call("__tile_stop__", [_name(self.brk)]),
                      [ast.Break()], [])
        # Each iteration runs where no break has happened; Python's loop
        # stops at the end of the iteration that broke (its index kept).
        node.body = [self.flag(self.cont, False), ast.If(
            ast.UnaryOp(ast.Not(), _name(self.brk)),
            self.guard(node.body) or [ast.Pass()], []), stop]
        if node.orelse:
            node.orelse = [ast.If(ast.UnaryOp(ast.Not(), _name(self.brk)),
                                  node.orelse, [])]
        if isinstance(node, ast.While):  # A kernel loop ends at a break.
            node.test = ast.BoolOp(ast.And(), [ast.UnaryOp(
                ast.Not(), _name(self.brk)), node.test])
        return [self.flag(self.brk, False), node]


class _Rewriter(ast.NodeTransformer):
    def __init__(self):
        self.count = 0

    def visit_If(self, node):
        self.generic_visit(node)
        self.count += 1
        name, merge = f"__tile_c{self.count}", f"__tile_m{self.count}"
        jumps = ast.Constant(_jumps(node.body) or _jumps(node.orelse))
        names = _stored_names(node.body + node.orelse)
        assign = ast.Assign([ast.Name(name, ast.Store())],
                            _call("__tile_cond__", [node.test, jumps]))
        python = ast.If(_name(name), node.body, node.orelse)
        kernel = self._kernel_if(name, merge, names, node)
        branch = ast.If(_call("__tile_is_python__", [_name(name)]),
                        [python], kernel)
        for new in (assign, branch):
            ast.copy_location(new, node)
            ast.fix_missing_locations(new)
        return [assign, branch]

    @staticmethod
    def _kernel_if(cond, merge, names, node):
        """The statements of an `if` on a kernel value: both regions, and
        the names they assign merged (see the module comment)."""
        then = copy.deepcopy(node.body)
        orelse = copy.deepcopy(node.orelse)
        if not names:
            out = [ast.With([ast.withitem(
                _call("__tile_then__", [_name(cond)]), None)], then)]
            if orelse:
                out.append(ast.With([ast.withitem(
                    _call("__tile_else__", [_name(cond)]), None)], orelse))
            return out
        getters = ast.Tuple([_thunk(_name(n)) for n in names], ast.Load())
        out = [ast.Assign([ast.Name(merge, ast.Store())], _call(
            "__tile_merge__", [_name(cond), ast.Constant(tuple(names)),
                               getters]))]
        end = ast.Expr(ast.Call(ast.Attribute(_name(merge), "branch_end",
                                              ast.Load()), [], []))
        # The else region starts from the values before the `if`, not from
        # what tracing the then region left.
        orelse = _rebind(merge, "restore", names) + orelse
        for helper, body in (("__tile_then__", then),
                             ("__tile_else__", orelse)):
            out.append(ast.With([ast.withitem(
                _call(helper, [_name(cond), _name(merge)]), None)],
                body + [copy.deepcopy(end)]))
        return out + _rebind(merge, "results", names)

    def _jump_flags(self, node):
        """(the flag's start, the stop statement), both None where the
        loop has no jump under an `if` (see _JumpFlags); the stop is taken
        out of the body (only Python's loop runs it, last)."""
        if not _own_jump_in_if(node.body):
            return None, None
        self.count += 1
        start, node = _JumpFlags(self.count).loop(node)
        ast.copy_location(start, node)
        ast.fix_missing_locations(start)
        ast.fix_missing_locations(node)
        return start, node.body.pop()

    def visit_For(self, node):
        start, stop = self._jump_flags(node)
        out = self._for(node, stop)
        return ([start] if start else []) + _as_list(out)

    def _for(self, node, stop):
        nest = _grid_nest(node)
        if nest is not None and stop is None:
            return self._for(nest, None)
        self.generic_visit(node)
        if isinstance(node.iter, ast.Call) and \
                isinstance(node.iter.func, ast.Name) and \
                node.iter.func.id == "range":
            node.iter.func = ast.copy_location(_name("__tile_range__"),
                                               node.iter.func)
        if not isinstance(node.target, ast.Name):
            if stop:  # Tuples: T.grid and Python iterables only.
                node.body.append(stop)
            return node
        self.count += 1
        it, loop = f"__tile_i{self.count}", f"__tile_l{self.count}"
        names = [n for n in _stored_names(node.body) if n != node.target.id]
        assign = ast.Assign([ast.Name(it, ast.Store())], node.iter)
        python = ast.For(node.target, _name(it),
                         node.body + ([stop] if stop else []), node.orelse)
        getters = ast.Tuple([_thunk(_name(n)) for n in names], ast.Load())
        kernel = [ast.Assign([ast.Name(loop, ast.Store())], _call(
            "__tile_for__", [_name(it), ast.Constant(tuple(names)), getters,
                             ast.Constant(_jumps(node.body))]))]
        if _jumps(node.body):  # An error in the kernel (see _Carried).
            kernel[0].value.args[1:3] = [ast.Constant(()), ast.Tuple(
                [], ast.Load())]
            return self._placed(node, assign, python, kernel)
        kernel += _rebind(loop, "carried", names)
        kernel.append(ast.Assign([ast.Name(node.target.id, ast.Store())],
                                 ast.Attribute(_name(loop), "index",
                                               ast.Load())))
        kernel += copy.deepcopy(node.body)
        kernel.append(_method(loop, "end"))
        kernel += _rebind(loop, "results", names)
        kernel.append(ast.Delete([ast.Name(node.target.id, ast.Del())]))
        kernel += copy.deepcopy(node.orelse)
        return self._placed(node, assign, python, kernel)

    @staticmethod
    def _placed(node, assign, python, kernel):
        """`assign`, then `python` where its value is Python's, else
        `kernel`, at the place of `node`."""
        branch = ast.If(_call("__tile_is_python__",
                              [ast.Name(assign.targets[0].id, ast.Load())]),
                        _as_list(python), kernel)
        for new in (assign, branch):
            ast.copy_location(new, node)
            ast.fix_missing_locations(new)
        return [assign, branch]

    def visit_While(self, node):
        start, stop = self._jump_flags(node)
        out = self._while(node, stop)
        return ([start] if start else []) + _as_list(out)

    def _while(self, node, stop):
        self.generic_visit(node)
        self.count += 1
        probe, loop = f"__tile_w{self.count}", f"__tile_l{self.count}"
        names = _stored_names(node.body)
        # Without an else, a Python loop whose condition becomes a kernel
        # value goes on as the kernel's loop (its iterations so far peeled).
        switch = not node.orelse
        assign = ast.Assign([ast.Name(probe, ast.Store())], _call(
            "__tile_while__", [_thunk(copy.deepcopy(node.test)),
                               ast.Constant(switch)]))
        python = ast.While(ast.Call(
            ast.Attribute(_name(probe), "test", ast.Load()),
            [_thunk(copy.deepcopy(node.test))], []),
            node.body + ([stop] if stop else []), node.orelse)
        getters = ast.Tuple([_thunk(_name(n)) for n in names], ast.Load())
        kernel = [ast.Assign([ast.Name(loop, ast.Store())], ast.Call(
            ast.Attribute(_name(probe), "kernel", ast.Load()),
            [ast.Constant(tuple(names)), getters,
             ast.Constant(_jumps(node.body))], []))]
        if _jumps(node.body):  # An error in the kernel (see _Carried).
            kernel[0].value.args[:2] = [ast.Constant(()), ast.Tuple(
                [], ast.Load())]
            return self._placed(node, assign, python, kernel)
        kernel += _rebind(loop, "carried", names)
        kernel.append(ast.Expr(ast.Call(ast.Attribute(
            _name(loop), "condition", ast.Load()),
            [copy.deepcopy(node.test)], [])))
        kernel += _rebind(loop, "body_args", names)
        kernel += copy.deepcopy(node.body)
        kernel.append(_method(loop, "end"))
        kernel += _rebind(loop, "results", names)
        kernel += copy.deepcopy(node.orelse)
        if switch:
            python = [python, ast.If(ast.Attribute(_name(probe), "switched",
                                                   ast.Load()),
                                     copy.deepcopy(kernel), [])]
        return self._placed(node, assign, python, kernel)

    def visit_Assign(self, node):
        self.generic_visit(node)
        if _element_read(node.value):
            node.value = ast.copy_location(
                _call("__tile_read__", [node.value]), node.value)
        if isinstance(node.value, (ast.Name, ast.Attribute)):
            node.value = _copied(node.value)
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            node.value = _bound(node.targets[0].id, node.value)
        elif len(node.targets) == 1 and _names_tuple(node.targets[0]):
            return self._unpacked(node)
        return node

    def _unpacked(self, node):
        """`a, b = value`: Python's unpacking into temporaries, then each
        name bound as `a = ...` binds it (a scalar's storage is stored into,
        and a scalar read from storage is its value now)."""
        self.count += 1
        temps = [f"__tile_u{self.count}_{i}"
                 for i in range(len(node.targets[0].elts))]
        out = [ast.Assign([ast.Tuple([ast.Name(t, ast.Store())
                                      for t in temps], ast.Store())],
                          node.value)]
        # Every value read before any name is bound (`u, v = v, u`).
        out += [ast.Assign([ast.Name(t, ast.Store())], _copied(_name(t)))
                for t in temps]
        for name, temp in zip(node.targets[0].elts, temps):
            out.append(ast.Assign([ast.Name(name.id, ast.Store())],
                                  _bound(name.id, _name(temp))))
        for new in out:
            ast.copy_location(new, node)
            ast.fix_missing_locations(new)
        return out

    def visit_AnnAssign(self, node):
        self.generic_visit(node)
        if node.value is None and isinstance(node.target, ast.Name):
            # `acc: T.float32` declares a register (TIRx's one-element
            # local buffer) that instructions write: `if
            # __tile_declares__(ann): acc = __tile_declare__(ann)`, so that
            # an annotation that is no dtype (`n: int`) still binds nothing.
            name = node.target.id
            bind = ast.Assign([ast.Name(name, ast.Store())],
                              _call("__tile_declare__", [node.annotation]))
            new = ast.If(_call("__tile_declares__", [node.annotation]),
                         [bind], [])
            return ast.fix_missing_locations(ast.copy_location(new, node))
        if node.value is not None and _element_read(node.value):
            node.value = ast.copy_location(
                _call("__tile_read__", [node.value]), node.value)
        if node.value is not None and isinstance(node.target, ast.Name):
            node.value = _bound(node.target.id, node.value)
        return node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        if not isinstance(node.target, ast.Name):
            return node
        # x op= v as x = __tile_augment__(lambda: x, "iop", v): a shared
        # scalar is stored into, anything else rebound (in place where its
        # type does so), and x keeps its dtype, as C's compound assignment
        # stores it.
        name = node.target.id
        op = _IN_PLACE[type(node.op)]
        call = _call("__tile_augment__", [
            _thunk(ast.Name(name, ast.Load())), ast.Constant(op),
            node.value])
        new = ast.Assign([ast.Name(name, ast.Store())], call)
        ast.copy_location(new, node)
        ast.fix_missing_locations(new)
        return new

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        name = "__tile_and__" if isinstance(node.op, ast.And) else "__tile_or__"
        # Operands after the first are thunks: Python's short circuit is
        # kept, also in the kernel.
        call = _call(name, [node.values[0]] +
                     [_thunk(v) for v in node.values[1:]])
        return ast.copy_location(call, node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if not isinstance(node.op, ast.Not):
            return node
        return ast.copy_location(_call("__tile_not__", [node.operand]), node)

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) == 1:
            return node
        # a < b < c: (a < b) and (b < c), b evaluated again.
        terms = [node.left] + node.comparators
        parts = [ast.Compare(terms[i], [op], [terms[i + 1]])
                 for i, op in enumerate(node.ops)]
        new = ast.BoolOp(ast.And(), parts)
        ast.copy_location(new, node)
        ast.fix_missing_locations(new)
        return self.visit_BoolOp(new)

    def visit_Call(self, node):
        self.generic_visit(node)
        if not _lazy_select_call(node):
            return node
        # TIRx's if_then_else (and Select) compute only the chosen value:
        # `T.if_then_else(i < n, A[i], 0)` reads A[i] only where i < n.
        call = _call("__tile_lazy_select__",
                     [node.func, node.args[0], _thunk(node.args[1]),
                      _thunk(node.args[2])])
        return ast.copy_location(call, node)

    def visit_IfExp(self, node):
        self.generic_visit(node)
        call = _call("__tile_select__",
                     [node.test, _thunk(node.body), _thunk(node.orelse)])
        return ast.copy_location(call, node)


def _function_node(fn):
    """(the FunctionDef of `fn`, its first line, its indentation), or None
    where its source is not available (a lambda, exec'd text)."""
    try:
        lines, first = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        return None
    indent = len(lines[0]) - len(lines[0].lstrip())
    try:
        tree = ast.parse(textwrap.dedent("".join(lines)))
    except SyntaxError:
        return None
    node = tree.body[0] if tree.body else None
    if not isinstance(node, ast.FunctionDef) or node.name != fn.__name__:
        return None
    return node, first, indent


def _binds_a_name(n):
    """Whether `n` assigns a name (a variable that keeps its dtype's bits:
    __tile_bind__)."""
    if isinstance(n, ast.Assign):
        return all(isinstance(t, ast.Name) for t in n.targets)
    if isinstance(n, (ast.AnnAssign, ast.AugAssign)):
        return isinstance(n.target, ast.Name)  # `acc: T.float32` too.
    return False


def _needs_rewrite(node):
    return any(isinstance(n, _NEEDS) or
               (isinstance(n, (ast.Assign, ast.AnnAssign)) and
                n.value is not None and _element_read(n.value)) or
               _binds_a_name(n) or
               (isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.Not)) or
               (isinstance(n, ast.Compare) and len(n.ops) > 1) or
               _lazy_select_call(n)
               for n in ast.walk(node))


def _faithful(fn, node):
    """Whether re-running `node` in a module namespace reproduces `fn`: not
    a wrapper made by another decorator, no `nonlocal` or `global`."""
    if hasattr(fn, "__wrapped__"):
        return False
    return not any(isinstance(n, (ast.Nonlocal, ast.Global))
                   for n in ast.walk(node))


def rewrite(fn, helpers):
    """`fn` with its control flow on kernel values rewritten (see the module
    comment), or `fn` itself where it has none or cannot be rewritten
    faithfully. `helpers` maps the `__tile_*__` names to their functions."""
    found = _function_node(fn)
    if found is None:
        return fn
    node, first, indent = found
    if not _needs_rewrite(node) or not _faithful(fn, node):
        return fn
    # Annotations and defaults were evaluated where the function was
    # defined (they may name a factory's arguments): they are copied over,
    # not evaluated again.
    node.decorator_list = []
    node.returns = None
    args = node.args
    for a in args.posonlyargs + args.args + args.kwonlyargs + \
            [args.vararg, args.kwarg]:
        if a is not None:
            a.annotation = None
    args.defaults = []
    args.kw_defaults = [None] * len(args.kwonlyargs)
    module = ast.Module([_Rewriter().visit(node)], [])
    ast.fix_missing_locations(module)
    ast.increment_lineno(module, first - 1)
    for n in ast.walk(module):  # The columns of the indented original.
        if getattr(n, "col_offset", None) is not None:
            n.col_offset += indent
        if getattr(n, "end_col_offset", None) is not None:
            n.end_col_offset += indent
    try:
        code = compile(module, fn.__code__.co_filename, "exec")
    except SyntaxError:
        return fn
    namespace = dict(fn.__globals__)
    for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
        try:
            namespace[name] = cell.cell_contents
        except ValueError:  # A cell not yet filled.
            pass
    namespace.update(helpers)
    exec(code, namespace)
    new = namespace[fn.__name__]
    new.__defaults__ = fn.__defaults__
    new.__kwdefaults__ = fn.__kwdefaults__
    new.__annotations__ = dict(getattr(fn, "__annotations__", {}))
    return new
