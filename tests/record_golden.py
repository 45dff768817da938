"""Record torch's results for every differential case into tests/golden/.

    python tests/record_golden.py      # needs torch==2.13.0
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import harness  # noqa: E402

# (golden file, cases module): each module's CASES recorded into tests/golden/<name>.json
SUITES = [
    ("core", "cases_core"),
    ("views", "cases_views"),
    ("hooks", "cases_hooks"),
    ("geometry", "cases_geometry"),
    ("sizes", "cases_sizes"),
    ("overlap", "cases_overlap"),
    ("autograd_api", "cases_autograd_api"),
    ("nn", "cases_nn"),
    ("nn_layers", "cases_nn_layers"),
    ("optim", "cases_optim"),
    ("optim_extra", "cases_optim_extra"),
    ("parametrize", "cases_parametrize"),
    ("fuzz", "cases_fuzz"),
    ("fuzz2", "cases_fuzz2"),
    ("fidelity", "cases_fidelity"),
    ("argcheck", "cases_argcheck"),
    ("forward_ad", "cases_forward_ad"),
    ("forward_ad_gen", "cases_forward_ad_gen"),
    ("forward_ad_ops", "cases_forward_ad_ops"),
    ("forward_ad_meta", "cases_forward_ad_meta"),
    ("ops_extra", "cases_ops_extra"),
    ("ops_extra2", "cases_ops_extra2"),
    ("api_extra", "cases_api_extra"),
    ("device", "cases_device"),
    ("dropin_lead", "cases_dropin_lead"),
    ("argparser", "cases_argparser"),
    ("autograd_details", "cases_autograd_details"),
    ("saved_attrs", "cases_saved_attrs"),
    ("props_regress", "cases_props_regress"),
    ("torch_suite", "cases_torch_suite"),
    ("leftovers15", "cases_leftovers15"),
    ("issue15_names", "cases_issue15_names"),
    ("issue15_more", "cases_issue15_more"),
    ("distributions", "cases_distributions"),
    ("real_programs", "cases_real_programs"),
    ("hostile_fixes", "cases_hostile_fixes"),
]


def main():
    import importlib
    T = harness.torch_module()
    if T is None:
        raise SystemExit("torch is not installed")
    import cases_overlap_gen  # noqa: F401
    for name, modname in SUITES:
        mod = importlib.import_module(modname)
        data = {k: harness.run(fn, T) for k, fn in sorted(mod.CASES.items())}
        harness.save_golden(name, data)
        print(f"{name}: {len(data)} cases recorded from torch {T.__version__}")
    import cases_device_strict   # prog(T, dev, keep): torch runs it on the CPU
    data = {k: harness.run(lambda T, f=f: f(T, "cpu", lambda t: None), T)
            for k, f in sorted(cases_device_strict.CASES.items())}
    harness.save_golden("device_strict", data)
    print(f"device_strict: {len(data)} cases recorded from torch {T.__version__}")
    data = cases_overlap_gen.record_generated(T)
    harness.save_golden("overlap_generated", data)
    print(f"overlap_generated: {len(data)} cases recorded from torch {T.__version__}")
    import test_hostile_inputs
    n = test_hostile_inputs.record()
    print(f"hostile: {n} callables' exception types recorded from torch {T.__version__}")


if __name__ == "__main__":
    main()
