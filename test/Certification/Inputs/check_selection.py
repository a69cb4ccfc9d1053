"""Checks certify.py's choice of kernels: every instance plain, each other
variant once per form (on one of the form's instances it is usable with),
and with --all-variants every usable (instance, variant)."""
import collections
import sys

sys.path.insert(0, sys.argv[1])
import certify  # noqa: E402
import instr_table  # noqa: E402

SM = 90
for mnemonic in sys.argv[2:]:
    instances = [certify.Instance(f, i)
                 for f, i in instr_table.instances(mnemonic=mnemonic)]
    usable = {(i, k) for i, inst in enumerate(instances)
              for k, v in enumerate(certify.VARIANTS)
              if certify.usable(inst, v, SM) and certify.wants(inst, v)}
    index = {id(inst): i for i, inst in enumerate(instances)}
    key = {v[0]: k for k, v in enumerate(certify.VARIANTS)}

    def chosen(all_variants):
        return {(index[id(inst)], key[variant[0]]) for _, inst, variant, _, _
                in certify.select_kernels(instances, SM, all_variants)}

    full, some = chosen(True), chosen(False)
    assert full == usable, f"{mnemonic}: --all-variants is not the product"
    assert some <= usable, f"{mnemonic}: a kernel that is not usable"
    plain = {i for i, k in usable if k == 0}
    assert plain == {i for i, k in some if k == 0}, \
        f"{mnemonic}: an instance without its plain kernel"
    per_form = collections.Counter(
        (id(instances[i].form), k) for i, k in some if k)
    wanted = {(id(instances[i].form), k) for i, k in usable if k}
    assert set(per_form) == wanted and set(per_form.values()) == {1}, \
        f"{mnemonic}: a variant not once per form"
    print(f"{mnemonic}: {len(some)} of {len(full)} kernels, "
          f"{len(wanted)} form variants")
