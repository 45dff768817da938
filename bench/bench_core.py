"""Issue 2 benchmark against torch, in one run: see cyautograd/_bench_core.py.

    python bench/bench_core.py [--quick] [--repeat N]
"""
from cyautograd._bench_core import main

if __name__ == "__main__":
    main()
