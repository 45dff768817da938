from cyautograd.bench.cli import main

main()
