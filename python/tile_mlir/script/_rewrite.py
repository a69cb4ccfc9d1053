"""Python control flow on kernel values, as TIRx users write it.

A `@T.function` body is traced by running it. Python's `if`, `and`, `or`,
`not` and conditional expressions need a truth value, which a kernel value
(`T.cuda.lane_id() < 16`) does not have until the kernel runs. So, as TVMScript
parses its functions, the body is rewritten before it runs:

    if c:            for __tile_branch in __tile_if__(c):
        A                if __tile_branch:
    else:       ->           A
        B                else:
                             B

`__tile_if__` yields `bool(c)` once for a Python value (plain Python), and for
a kernel value opens `scf.if`, yields True (the then-region is traced), then
False (the else-region), and closes it. `a and b`, `a or b`, `not a` and
`x if c else y` become calls that build the kernel's logic for kernel values
and keep Python's meaning otherwise. Line and column numbers are kept, so
locations still name the user's source.
"""

import ast
import inspect
import textwrap

_NEEDS = (ast.If, ast.BoolOp, ast.IfExp)


class _Rewriter(ast.NodeTransformer):
    def visit_If(self, node):
        self.generic_visit(node)
        branch = ast.Name("__tile_branch", ast.Store())
        loop = ast.For(
            target=branch,
            iter=ast.Call(ast.Name("__tile_if__", ast.Load()), [node.test], []),
            body=[ast.If(ast.Name("__tile_branch", ast.Load()), node.body,
                         node.orelse)],
            orelse=[])
        return ast.copy_location(loop, node)

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        name = "__tile_and__" if isinstance(node.op, ast.And) else "__tile_or__"
        # Operands after the first are thunks: Python's short circuit is
        # kept for Python values.
        rest = [ast.Lambda(ast.arguments([], [], None, [], [], None, []), v)
                for v in node.values[1:]]
        call = ast.Call(ast.Name(name, ast.Load()), [node.values[0]] + rest,
                        [])
        return ast.copy_location(call, node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if not isinstance(node.op, ast.Not):
            return node
        call = ast.Call(ast.Name("__tile_not__", ast.Load()), [node.operand],
                        [])
        return ast.copy_location(call, node)

    def visit_IfExp(self, node):
        self.generic_visit(node)
        thunk = [ast.Lambda(ast.arguments([], [], None, [], [], None, []), v)
                 for v in (node.body, node.orelse)]
        call = ast.Call(ast.Name("__tile_select__", ast.Load()),
                        [node.test] + thunk, [])
        return ast.copy_location(call, node)


def _function_node(fn):
    """(the FunctionDef of `fn`, its first line, its indentation), or None
    where its source is not available (a lambda, exec'd text)."""
    try:
        lines, first = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        return None
    source = "".join(lines)
    dedented = textwrap.dedent(source)
    indent = len(lines[0]) - len(lines[0].lstrip())
    try:
        tree = ast.parse(dedented)
    except SyntaxError:
        return None
    node = tree.body[0] if tree.body else None
    if not isinstance(node, ast.FunctionDef) or node.name != fn.__name__:
        return None
    return node, first, indent


def rewrite(fn, helpers):
    """`fn` with its control flow on kernel values rewritten (see the module
    comment), or `fn` itself where it has none or its source is not
    available. `helpers` maps the `__tile_*__` names to their functions."""
    found = _function_node(fn)
    if found is None:
        return fn
    node, first, indent = found
    if not any(isinstance(n, _NEEDS) or
               (isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.Not))
               for n in ast.walk(node)):
        return fn
    node.decorator_list = []
    module = ast.Module([_Rewriter().visit(node)], [])
    ast.fix_missing_locations(module)
    ast.increment_lineno(module, first - 1)
    for n in ast.walk(module):  # The columns of the indented original.
        if getattr(n, "col_offset", None) is not None:
            n.col_offset += indent
        if getattr(n, "end_col_offset", None) is not None:
            n.end_col_offset += indent
    code = compile(module, fn.__code__.co_filename, "exec")
    namespace = dict(fn.__globals__)
    closure = fn.__closure__ or ()
    for name, cell in zip(fn.__code__.co_freevars, closure):
        try:
            namespace[name] = cell.cell_contents
        except ValueError:  # A cell not yet filled.
            pass
    namespace.update(helpers)
    exec(code, namespace)
    new = namespace[fn.__name__]
    new.__defaults__ = fn.__defaults__
    return new
