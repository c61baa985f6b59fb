"""The studio's tests, laid out as studio/ is: the tests of studio/core/runs/ are in
tests/core/runs/, of studio/app/views/charts/ in tests/app/views/charts/, of
studio/api.py in tests/test_api.py. This folder's own test files are about the studio as
a whole (bad inputs, kills, packaging, the code's shape). The builders tests share are in
helpers.py; support/ holds data tables and programs the tests run in a child process.

Every folder is a package, so a test module is named by its path
(tests.core.runs.test_runs) and two folders may hold files of the same name;
test_layout.py keeps the layout.
"""
