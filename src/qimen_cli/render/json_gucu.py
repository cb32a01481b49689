"""JSON of `qimen gucu`: the Moment's keys, then the GucuReport's fields (the attack's `from_` written "from")."""

from __future__ import annotations

from ..gucu.anying import AnYing, Camp
from ..gucu.biwu import BiWu
from ..gucu.days import ChuJun
from ..gucu.directions import Attack, YouMen
from ..gucu.guxu import BeiJianXiangPo, GuXu, GuXuSet, XunGuXu
from ..gucu.mansions import Mansion
from ..gucu.months import MonthDay
from ..gucu.report import Lunar
from ..gucu.route import ChuJunRoute, Leg
from ..gucu.tiangang import TianGang, TianGangReadings
from ..gucu.yunchou import Route, YunChou
from ..gucu.yunchou import Step as TallyStep
from .jsonout import Memo, TextEncoder, moment_fields, object_text

#: The parts remembered by value (most depend on the day, the 旬 or the hour only): every
#: part whose fields are strings, ints, None, tuples of those, or flags (typed).  Not by value
#: the parts holding other parts (GuXuSet, TianGang, YunChou, ChuJunRoute), whose equality
#: could hide a different text: those by identity only, as the engine shares them
#: (gucu.report's caches, yun_chou's).  The shared parts by value are remembered first by
#: identity too.  五音 and 三九 by name: their modules load with --tone, --born.
MEMO = {
    MonthDay: Memo(typed=("leap",), shared=True),
    Lunar: Memo(typed=("leap",), shared=True),
    GuXu: Memo(),
    XunGuXu: Memo(),
    GuXuSet: Memo(identity=True),
    BeiJianXiangPo: Memo(shared=True),
    YouMen: Memo(shared=True),
    Attack: Memo(shared=True),
    TianGang: Memo(identity=True),
    TianGangReadings: Memo(),
    "qimen_cli.gucu.wuyin.WuYin": Memo(),
    ChuJun: Memo(typed=("in_ji_ri", "wang_wang", "liu_qiong", "jun_ji", "tian_yi_jue_qi"), shared=True),
    Mansion: Memo(shared=True),
    "qimen_cli.gucu.sanjiu.SanJiu": Memo(),
    TallyStep: Memo(),
    Route: Memo(),
    YunChou: Memo(identity=True),
    BiWu: Memo(shared=True),
    AnYing: Memo(shared=True),
    Camp: Memo(),
    Leg: Memo(typed=("lodged",)),
    ChuJunRoute: Memo(identity=True),
}
ENCODE = TextEncoder(rename={(Attack, "from_"): "from"}, memo=MEMO, memo_dicts=True)


def gucu_text(moment, report) -> str:
    """`{moment keys, **report}` as one JSON object; `tian_gang_gate` only under --tian-men."""
    fields = moment_fields(moment)
    fields.update(ENCODE.fields(report))
    if report.tian_gang_gate is None:
        del fields["tian_gang_gate"]
    return object_text(fields)
