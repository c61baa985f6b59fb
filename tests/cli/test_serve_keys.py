"""The server's --api-keys FILE read as people write one: a key a line, indented or not,
blank lines and # notes left out; a file that is no plain UTF-8 text refused in one line."""

import argparse

import pytest

from studio.cli.serve import read_keys
from studio.cli.usage import UsageError


def keys_of(path) -> frozenset[str]:
    return read_keys(argparse.Namespace(api_keys=str(path), api_key=[]))


def test_a_keys_file_as_people_write_one(tmp_path):
    f = tmp_path / "keys.txt"
    f.write_text(
        "# keys of the translation server\n\n  alpha-123   # Alice's\n\tbeta#456\n"
        "  # an old one, revoked:\n  # gamma\r\nDELTA\r\n",
        encoding="utf-8",
    )
    assert keys_of(f) == {"alpha-123", "beta#456", "DELTA"}  # a # inside a key is the key's


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("folder", "is not a plain file; give a text file of keys"),
        ("latin1.txt", "is not UTF-8 text; save it as UTF-8"),
        ("missing.txt", "No such file or directory; give a file of keys"),
    ],
)
def test_a_keys_file_that_cannot_be_read_is_refused_in_one_line(tmp_path, name, said):
    (tmp_path / "folder").mkdir()
    (tmp_path / "latin1.txt").write_bytes("clé\n".encode("latin-1"))
    with pytest.raises(UsageError) as refused:
        keys_of(tmp_path / name)
    assert said in str(refused.value) and "\n" not in str(refused.value)
