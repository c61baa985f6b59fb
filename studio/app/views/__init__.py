"""What shows a run: each view declares where it goes and which records it wants (view.py),
and the window builds and feeds the views listed in registry.py."""
