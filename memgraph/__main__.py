from memgraph.cli import main

main()
