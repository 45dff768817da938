"""python -m tests.fuzz --seeds 0:10000 [-j N] [--minimize] [--record] [--exclude ...]

Runs generated programs on torch and cyautograd and reports divergences,
grouped into classes (the op of the diverging step and the field).
--record stores torch's logs for the seeds (used when torch is absent).
--golden compares against the recorded logs instead of live torch.
"""
import argparse
import collections
import json
import sys
import time

from . import runner
from .gen import KNOWN_TAGS, generate


def parse_seeds(text):
    out = []
    for part in text.split(","):
        if ":" in part:
            a, b = part.split(":")
            out.extend(range(int(a), int(b)))
        else:
            out.append(int(part))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", default="0:1000", help="a:b ranges and single seeds, comma separated")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="worker pairs")
    ap.add_argument("--minimize", action="store_true", help="shrink one program per class and print it")
    ap.add_argument("--record", action="store_true", help="record torch's logs into the golden file")
    ap.add_argument("--golden", action="store_true", help="compare with recorded torch logs")
    ap.add_argument("--exclude", default=",".join(runner.DEFAULT_EXCLUDE),
                    help="tags of known classes owned elsewhere not to generate ('' for none); "
                         "known tags: " + ", ".join(KNOWN_TAGS))
    ap.add_argument("--show", type=int, default=3, help="seeds listed per class")
    ap.add_argument("--json", help="write {class: [seeds]} here")
    args = ap.parse_args(argv)
    seeds = parse_seeds(args.seeds)
    exclude = tuple(t for t in args.exclude.split(",") if t)
    t0 = time.time()
    if args.record:
        res = runner.run_seeds(seeds, args.jobs, exclude, record=True)
        data = runner.load_golden()
        for seed, (prog, _, want) in res.items():
            entry = {"h": runner.prog_hash(prog)}
            entry.update(want)
            data[str(seed)] = entry
        runner.save_golden(data)
        print(f"recorded {len(res)} torch logs in {time.time() - t0:.1f}s -> {runner.GOLDEN}")
        return 0
    logs = runner.load_golden() if args.golden else None
    done = [0]

    def progress(seed, prog, div):
        done[0] += 1
        if done[0] % 500 == 0:
            print(f"  {done[0]}/{len(seeds)} programs, {time.time() - t0:.0f}s", file=sys.stderr)

    res = runner.run_seeds(seeds, args.jobs, exclude, torch_logs=logs, on_result=progress)
    classes = collections.defaultdict(list)
    tagged = collections.Counter()
    for seed in sorted(res):
        prog, div, _ = res[seed]
        if div is None:
            continue
        sig = runner.signature(prog, div)
        tags = prog["steps"][div["step"]]["tags"] if div["step"] >= 0 else []
        known = [t for t in tags if t in KNOWN_TAGS]
        if known:
            sig = f"[known:{known[0]}] " + sig
            tagged[known[0]] += 1
        classes[sig].append(seed)
    ndiv = sum(len(v) for v in classes.values())
    print(f"{len(res)} programs (seeds {args.seeds}), {ndiv} diverging, {len(classes)} classes, "
          f"{time.time() - t0:.1f}s, exclude={','.join(exclude) or '-'}")
    for sig, ss in sorted(classes.items(), key=lambda kv: -len(kv[1])):
        prog, div, _ = res[ss[0]]
        print(f"{len(ss):5d}  {sig}\n       e.g. seed {ss[0]}: {runner.fmt_div(div)}"
              f"\n       seeds {ss[:args.show]}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(classes, f, indent=1)
    if args.minimize:
        tw, cw = runner.Worker("torch"), runner.Worker("cyautograd")
        try:
            for sig, ss in sorted(classes.items(), key=lambda kv: -len(kv[1])):
                prog, div, _ = res[ss[0]]
                small, sdiv = runner.minimize(prog, div, tw, cw)
                print(f"\n##### {sig} (seed {ss[0]}, {len(prog['steps'])} -> {len(small['steps'])} steps)")
                print(runner.repro_script(small, sdiv))
        finally:
            tw.stop()
            cw.stop()
    return 1 if ndiv else 0


if __name__ == "__main__":
    sys.exit(main())
