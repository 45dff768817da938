"""The metadata-overhead benchmark suite: `python -m cyautograd.bench`.

Measures each autograd metadata operation and pattern in cyautograd and, when
installed, torch, MyGrad and HIPS autograd, in one process, interleaved, one
thread for the math libraries; prints a table (time per op, ratio to torch,
ratio to the floor), and optionally writes JSON, a chart and a markdown table.
See `python -m cyautograd.bench --help` and bench/README.md.
"""


def main(argv=None):
    from cyautograd.bench.cli import main as _main
    return _main(argv)
