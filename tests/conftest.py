import pytest

from qimen_cli.calendar.resolve import resolve_moment


@pytest.fixture
def moment():
    """resolve_moment with the shipped tables."""
    return resolve_moment
