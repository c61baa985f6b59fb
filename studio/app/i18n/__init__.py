"""The window's translation catalogues, and the tools that keep them up to date.

`studio_zh_CN.ts` is the source a translator edits (Qt Linguist opens it);
`studio_zh_CN.qm` is its compiled form, shipped in the package and loaded by
studio/app/shell/ui_language.py. Both are rebuilt from the code by

    python -m studio.app.i18n.update

which lists every string the window shows (sources.py: the app's tr() and translate()
calls, every template the core says with say(), and the core's words under fixed
contexts), merges them into the .ts with
pyside6-lupdate (translations already written are kept; strings no longer used are marked
vanished) and compiles it with pyside6-lrelease. Tests fail when a string of the code is
missing from the .ts, when an entry is unfinished, or when the .qm is older than the .ts.
"""
