import sys, harness, cases_torchfns28 as m, cyautograd, traceback
T = harness.torch_module()
pat = sys.argv[1] if len(sys.argv) > 1 else ""
bad = 0
for n in sorted(m.CASES):
    if pat not in n: continue
    try:
        a = harness.run(m.CASES[n], cyautograd); b = harness.run(m.CASES[n], T)
        harness.assert_same(a, b, harness.RTOL)
    except AssertionError as e:
        bad += 1; print("FAIL", n, str(e)[:400])
    except Exception as e:
        bad += 1; print("ERR", n, type(e).__name__, str(e)[:300])
print("bad", bad, "of", len(m.CASES))
