"""The texts a stream keeps (chaibu's 局, block reports, steps and boundary lines; every
printed UTC instant) are the texts of what they depend on: the same instants on other clocks,
answered in either order in one process, are written as each is alone."""

from __future__ import annotations

import json
import subprocess
import sys

#: The same instants on several clocks (one zone's wall times are another's), a fold of New York.
ZONES = ("Asia/Shanghai", "Asia/Tokyo", "UTC", "America/New_York", "+05:45")
INSTANTS = ("2024-03-05T11:00+08:00", "2024-11-03T05:30Z", "2024-11-03T06:30Z", "2024-06-21T04:51+08:00")

SCRIPT = """
import json, sys
import qimen_cli
out = []
for tz in json.loads(sys.argv[1]):
    for at in json.loads(sys.argv[2]):
        out.append(qimen_cli.chaibu(at, tz=tz).to_json())
        out.append(qimen_cli.cast(at, tz=tz).to_json())
print(json.dumps(out))
"""


def _texts(zones) -> dict:
    run = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(list(zones)), json.dumps(INSTANTS)],
                         capture_output=True, text=True, check=True)
    texts = json.loads(run.stdout)
    keys = [(tz, at, art) for tz in zones for at in INSTANTS for art in ("chaibu", "cast")]
    return dict(zip(keys, texts, strict=True))


def test_kept_texts_do_not_depend_on_what_came_before():
    forwards, backwards = _texts(ZONES), _texts(ZONES[::-1])
    assert forwards == backwards
    for zone in ZONES:  # and each clock alone
        alone = _texts((zone,))
        assert alone == {k: v for k, v in forwards.items() if k[0] == zone}
