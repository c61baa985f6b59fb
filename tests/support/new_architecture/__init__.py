"""An architecture shipped as docs/architecture.md's "Add an architecture" says, one file per
step: tests/core/models/test_add_an_architecture.py puts each in its place in a copy of
the repository and makes the other edits the steps name there. The modules here are
imported only in that copy, under the names of the places they go to."""
