"""The benchmark suite (issue 6): the same as `python -m cyautograd.bench`.

    python bench/suite.py [--quick] [--filter TEXT] [--repeat N] [--json OUT] [--compare OLD]
                          [--chart OUT.svg] [--markdown OUT.md]

The code lives in cyautograd/bench/ so that an installed cyautograd carries
it; see bench/README.md for what it measures and how.
"""
from cyautograd.bench import main

if __name__ == "__main__":
    main()
