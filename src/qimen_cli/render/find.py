"""`qimen find` output: the windows as JSON Lines, or a rich table with a count; why they matched
(`--explain`); how often the conditions hold (`--stats`).

More precisely: `window_json` is one window's JSON object (`places` and `explain` added to
the keys the first version wrote); `render_table` the terminal view, with a direction column
when a condition names places; `render_explain` the rules behind the conditions
(`find.search.explain`); `stats_json` and `render_stats` the counts of `Search.stats`.
"""

from __future__ import annotations

import datetime as _dt
import re

from ..calendar.clock import rfc3339
from ..calendar.ganzhi import CYCLE
from ..words import lang as language
from .cite import citation_words
from .glossary import gloss
from .jsonout import SCHEMA_VERSION
from .labels import labeller

#: The column headings, the count line and "absent" (the word store's "find:…").
word = labeller("find")


def iso(ts: float, zone: _dt.tzinfo) -> str:
    """An instant on the civil clock with its offset; milliseconds only when it has them."""
    value = _dt.datetime.fromtimestamp(ts, zone)
    return rfc3339(value, "seconds" if value.microsecond == 0 else "milliseconds")


def span_text(lo: float, end: float, zone: _dt.tzinfo, inclusive: bool, lang: str = "en") -> str:
    """The range searched, as the titles say it: `START … END`, " (exclusive)" when END is not in it."""
    return f"{iso(lo, zone)} … {iso(end, zone)}{'' if inclusive else word('exclusive', lang)}"


def conditions_text(conditions, lang: str = "en") -> str:
    """The conditions as the user wrote them, joined by the language's "and"."""
    return f" {word('and', lang)} ".join(c.text for c in conditions)


def title_text(conditions, span: str, lang: str = "en", stats: bool = False) -> str:
    """The title of the table (of `--stats` when `stats`): `qimen find: CONDITIONS (SPAN)` in en."""
    return f"{word('title_stats' if stats else 'title', lang)}: {conditions_text(conditions, lang)} ({span})"


def no_match_text(conditions, span: str, lang: str = "en") -> str:
    """The line printed when no 時辰 of the range meets the conditions."""
    return word("none", lang).format(span=span, conds=conditions_text(conditions, lang))


def named_text(named, lang: str = "en") -> str:
    """A named condition's line of `--list` after its name: for a reader of the characters (zh, ko:
    `Lang.reads_characters`) its verdict and the text's own words with the seed file and line
    (通行之說 where the texts do not state the rule), then `=` and its values when it is written
    NAME=VALUE; for the others (en) its glossed name and one-line doc; `[plate index]` when the
    plate alone decides it."""
    mark = f" [{word('plate_index', lang)}]" if named.plate else ""
    if not language(lang).reads_characters:
        return f"{gloss(named.name, lang)}: {named.doc}{mark}"
    where = citation_words(named.source, named.line, lang)
    said = f"「{named.quote}」 ({where})" if named.quote else word("standard", lang)
    verdict = f"{word(named.verdict, lang)} " if named.verdict else ""
    values = ""
    if named.takes_value:  # written ART:NAME=VALUE, VALUE one of these
        values = " =" + ("" if all(len(v) == 1 for v in named.domain) else " ").join(named.domain)
    return f"{verdict}{said}{values}{mark}"


def list_lines(arts, examples, place_examples, lang: str = "en", every: bool = True) -> list[str]:
    """`find --list`: the named conditions of the `arts` it is given (name, its named conditions,
    and its place form (word, keys) or None, each), with `every` the path forms with `examples`,
    then the place keys, with `every` the further forms with `place_examples`; one string a line."""
    lines = [word("list_named", lang)]
    for name, named, _place in arts:
        if not named:
            lines.append(f"  {name}: " + word("list_no_named", lang).format(art=name))
        lines += [f"  {name}:{n.name}\t{named_text(n, lang)}" for n in named]
    if every:
        lines += word("list_paths", lang).split("\n") + [f"  {example}" for example in examples]
    placed = [(name, place) for name, _named, place in arts if place is not None]
    if placed:
        lines.append(word("list_places", lang))
    lines += [f"  {name}:{w}(…)\t{word('list_keys', lang)}: {' '.join(keys)}" for name, (w, keys) in placed]
    if every:
        lines += word("list_forms", lang).split("\n") + [f"  {example}" for example in place_examples]
    return lines


def render_list(lines: list[str], console) -> None:
    """`find --list` fitted to the console's width (render/fit.py): each run of NAME\tTEXT lines is
    one grid of two columns, the name kept whole, the text wrapped beside it at its words (a CJK
    quotation at any character), so no line runs past the terminal and no word is broken;
    the other lines (headings, examples) printed as they are, wrapped at their spaces."""
    from rich.table import Table
    from rich.text import Text

    grid = None

    def flush():
        nonlocal grid
        if grid is not None:
            console.print(grid)
            grid = None

    for line in lines:
        if "\t" not in line:
            flush()
            console.print(Text(line), highlight=False)
            continue
        name, text = line.split("\t", 1)
        if grid is None:
            grid = Table.grid(padding=(0, 2))
            grid.add_column(no_wrap=True)
            grid.add_column()
        grid.add_row(Text(name), Text(text))
    flush()


def window_json(window, zone: _dt.tzinfo) -> dict:
    """One window: start, end (exclusive), count, the 干支 of its first 時辰, matched, the places
    and their directions, why it matched, and each 時辰."""
    first = window.hits[0]
    return {
        "schema_version": SCHEMA_VERSION,
        "start": iso(window.start_ts, zone),
        "end": iso(window.end_ts, zone),
        "count": window.count,
        "hours": round((window.end_ts - window.start_ts) / 3600.0, 4),
        "day": CYCLE[first.day],
        "hour": CYCLE[first.hour],
        "matched": window.matched(),
        "places": window.places(),
        "explain": window.explain(),
        "shichen": [
            {"start": iso(h.ts, zone), "end": iso(h.end_ts, zone), "day": CYCLE[h.day], "hour": CYCLE[h.hour],
             "matched": h.matched, "places": h.places}
            for h in window.hits
        ],
    }


def short(ts: float, zone: _dt.tzinfo) -> str:
    """The terminal view's time: date, clock time and offset (seconds only when present)."""
    value = _dt.datetime.fromtimestamp(ts, zone)
    text = value.strftime("%Y-%m-%d %H:%M" if not value.second and not value.microsecond else "%Y-%m-%d %H:%M:%S")
    offset = value.strftime("%z")
    return f"{text}{offset[:3]}:{offset[3:5]}" if offset else text


def _length(seconds: float) -> str:
    minutes = round(seconds / 60.0)
    h, m = divmod(minutes, 60)
    return f"{h}h" if not m else f"{h}h{m:02d}m"


def _gap_length(seconds: float) -> str:
    """A gap: days and hours (`3d 4h`), hours and minutes under a day."""
    minutes = round(seconds / 60.0)
    days, rest = divmod(minutes, 24 * 60)
    if not days:
        return _length(seconds)
    hours = round(rest / 60)
    return f"{days}d {hours}h" if hours else f"{days}d"


def _value_text(values: list, lang: str = "en") -> str:
    parts = []
    for v in values:
        if isinstance(v, dict):
            parts.append(", ".join(f"{k}: {_value_text([x], lang)}" for k, x in v.items()))
        elif isinstance(v, (list, tuple)):
            parts.append(" ".join(_value_text([x], lang) if isinstance(x, (list, tuple, dict, bool)) else str(x)
                                  for x in v))
        elif v is True:
            parts.append("✓")
        elif v is False:
            parts.append(word("absent", lang))  # the negated condition held
        elif v is None:
            parts.append("null")
        else:
            parts.append(str(v))
    return "; ".join(parts)


def _degrees(value: float) -> str:
    return f"{value:g}"


def place_text(place: dict) -> str:
    """One place on a terminal: its name (palace number and trigram, or the branch or point), the
    compass name, the mountains of a palace and the bearing range: `6乾 西北 戌乾亥 292.5–337.5°`."""
    name = place["place"]
    head = f"{name}{place['trigram']}" if isinstance(name, int) else str(name)
    if place["sector"] is None:
        return f"{head} {place['compass']}"
    lo, hi = place["sector"]
    mountains = "".join(place["mountains"]) if isinstance(name, int) else ""
    return " ".join(p for p in (head, place["compass"], mountains, f"{_degrees(lo)}–{_degrees(hi)}°") if p)


def places_text(places: list[dict]) -> str:
    """The distinct places of a window, one per line."""
    return "\n".join(_distinct_texts(place_text(p) for p in places))


def _distinct_texts(texts) -> list[str]:
    out: list[str] = []
    for text in texts:
        if text not in out:
            out.append(text)
    return out


#: (widest, longest word, longest run) of the fixed columns, in cells: a start or end to the
#: minute with its offset (one to the second wraps at its space), a length up to 9999h59m, two
#: 干支 pairs.
TIME_WIDTH = (22, 11, 11)
LENGTH_WIDTH = (8, 6, 6)
GANZHI_WIDTH = (29, 6, 2)
#: The longest run a condition's values or a place's direction (`292.5–337.5°`) keeps on one line.
VALUE_UNIT = 10
PLACE_UNIT = 12


def table_columns(conditions, lang: str = "en", places: bool = False) -> list:
    """The columns of the windows' table (`rows.Column`), known before the first window: start,
    end, length, 干支, one per condition (its values) and, when `places`, the directions."""
    from .rows import Column

    columns = [Column(word("start", lang), *TIME_WIDTH), Column(word("end", lang), *TIME_WIDTH),
               Column(word("length", lang), *LENGTH_WIDTH, justify="right"), Column(word("ganzhi", lang), *GANZHI_WIDTH)]
    columns += [Column(cond.text, None, VALUE_UNIT) for cond in conditions]
    if places:
        columns.append(Column(word("places", lang), None, PLACE_UNIT))
    return columns


def window_cells(w, zone: _dt.tzinfo, conditions, lang: str = "en", places: bool = False) -> list[str]:
    """One window's row: start, end, length, the 干支 of its first (→ last) 時辰, each condition's
    values, the places' directions."""
    first, last = w.hits[0], w.hits[-1]
    ganzhi = f"{CYCLE[first.day]}日 {CYCLE[first.hour]}時"
    if w.count > 1:
        ganzhi += f" → {CYCLE[last.day]}日 {CYCLE[last.hour]}時"
    matched = w.matched()
    cells = [_value_text(matched[c.text], lang) for c in conditions]
    if places:
        cells.append(places_text(w.places()))
    return [short(w.start_ts, zone), short(w.end_ts, zone), _length(w.end_ts - w.start_ts), ganzhi, *cells]


def render_table(windows, zone: _dt.tzinfo, conditions, console, title: str, lang: str = "en",
                 places: bool = False, write=None) -> int:
    """The terminal view: the title, one row per window as it comes (with the places' directions
    when `places`; `rows.RowTable`, written by `write`), then the count.  The number of windows
    (none: nothing printed)."""
    from .rows import RowTable

    table = RowTable(console, table_columns(conditions, lang, places), [(title, "bold")], write)
    hours = 0
    for w in windows:
        table.row(window_cells(w, zone, conditions, lang, places))
        hours += w.count
    if table.rows:
        table.close()
        console.print(word("count", lang).format(w=table.rows, h=hours, s="s" if table.rows != 1 else ""))
        key = names_key(conditions, lang)
        if key:
            from rich.text import Text

            console.print(Text(key, style="dim"))
    return table.rows


#: A named condition in a condition's text: ART:NAME (a path, a place form or a value is not a name).
NAMED_IN_TEXT = re.compile(r"(?<![\w-])(?:cast|pillars|noble|twelve-gods|gucu|liuren):([^\s=!&|()<>,.*]+)(?![\w(.])")


def names_key(conditions, lang: str) -> str:
    """Under the table, in a language that reads names beside their characters (ko, en), the named
    conditions' names with their readings, once each (the headings and cells give them bare):
    "names: 玉女守門 Yunü shoumen "Jade maiden guards the door" · 合 He "Joined""; "" in zh or without any."""
    if language(lang).reading is None:
        return ""
    names = dict.fromkeys(m.group(1) for c in conditions for m in NAMED_IN_TEXT.finditer(c.text))
    glossed = [gloss(name, lang) for name in names]
    shown = [g for g, name in zip(glossed, names, strict=True) if g != name]
    return f"{word('key', lang)}: " + " · ".join(shown) if shown else ""


def render_explain(records: list[dict], console, lang: str = "en") -> None:
    """`--explain` on a terminal: each part of the conditions that held (`search.explain` over all
    the windows), the rules it reads (name, 吉/凶, seed file and line, the text's words — in
    English the one-line summary) and the values that satisfied it."""
    from rich.table import Table

    table = Table(title=word("why", lang), show_lines=True)
    for key in ("condition", "rule", "verdict", "source", "text", "values"):
        table.add_column(word(key, lang), overflow="fold")
    for record in records:
        text, values = record["condition"], record["values"]
        value = word("absent", lang) if record["negated"] and not values else _value_text(values, lang)
        rules = record["rules"] or [None]
        for i, rule in enumerate(rules):
            head = (text, value) if i == 0 else ("", "")
            if rule is None:
                table.add_row(head[0], "—", "", "", "", head[1])
                continue
            source = citation_words(rule["source"], rule["line"], lang) if rule["line"] is not None else word("standard", lang)
            words = rule["quote"] if language(lang).reads_characters and rule["quote"] else rule["checks"]
            table.add_row(head[0], gloss(rule["name"], lang), rule["verdict"] or "—", source, words, head[1])
    console.print(table)


# --- stats ------------------------------------------------------------------------------


def _gap_json(tally, zone: _dt.tzinfo) -> dict | None:
    if tally.gap is None:
        return None
    between, start, end = tally.gap
    return {"start": iso(start, zone), "end": iso(end, zone), "hours": round((end - start) / 3600.0, 4),
            "shichen": between}


def _tally_json(tally, total: int, zone: _dt.tzinfo) -> dict:
    return {"condition": tally.condition, "count": tally.count, "share": round(tally.count / total, 6) if total else 0.0,
            "longest_gap": _gap_json(tally, zone)}


def stats_json(stats, start: str, end: str, zone: _dt.tzinfo) -> dict:
    """`find --stats --json`: the range, its number of 時辰, each condition's count, share and
    longest gap between matches, and the same for all of them together."""
    return {
        "schema_version": SCHEMA_VERSION,
        "start": start,
        "end": end,
        "shichen": stats.total,
        "conditions": [_tally_json(t, stats.total, zone) for t in stats.conditions],
        "all": _tally_json(stats.together, stats.total, zone),
    }


def _share(count: int, total: int) -> str:
    return f"{100.0 * count / total:.1f} %" if total else "—"


def render_stats(stats, zone: _dt.tzinfo, console, title: str, lang: str = "en") -> None:
    """`find --stats` on a terminal: a row per condition and one for all together, then the total."""
    from rich.table import Table

    table = Table(title=title)
    table.add_column(word("condition", lang))
    table.add_column(word("shichen", lang), justify="right")
    table.add_column(word("share", lang), justify="right")
    table.add_column(word("gap", lang))
    rows = [(t.condition, t) for t in stats.conditions] + [(word("all", lang), stats.together)]
    for name, tally in rows:
        gap = "—"
        if tally.gap is not None:
            _between, start, end = tally.gap
            gap = f"{_gap_length(end - start)} ({short(start, zone)} → {short(end, zone)})"
        table.add_row(name, str(tally.count), _share(tally.count, stats.total), gap)
    console.print(table)
    console.print(word("total", lang).format(n=stats.total))
