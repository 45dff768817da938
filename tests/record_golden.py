"""Record torch's results for every differential case into tests/golden/.

    python tests/record_golden.py      # needs torch==2.13.0
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import harness  # noqa: E402


def main():
    T = harness.torch_module()
    if T is None:
        raise SystemExit("torch is not installed")
    import cases_argcheck
    import cases_core
    import cases_hooks
    import cases_views
    for name, mod in [("core", cases_core), ("views", cases_views), ("hooks", cases_hooks),
                      ("argcheck", cases_argcheck)]:
        data = {k: harness.run(fn, T) for k, fn in sorted(mod.CASES.items())}
        harness.save_golden(name, data)
        print(f"{name}: {len(data)} cases recorded from torch {T.__version__}")
    import test_hostile_inputs
    n = test_hostile_inputs.record()
    print(f"hostile: {n} callables' exception types recorded from torch {T.__version__}")


if __name__ == "__main__":
    main()
