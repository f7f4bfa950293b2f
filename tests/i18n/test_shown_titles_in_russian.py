"""Labels, cells and odds titles the games write are shown texts, rendered from their messages.

No face reads finished English back into a template: each text below keeps its
message where it is produced (``core.messages.said``), so its Russian comes from
the catalogue and its English is the same bytes as before. A finished English
text with no exact entry stays English. Covers TOI-GEN-10 (a munitions token on
an attack) and TOI-SMK-2 (a Smoke round).
"""

from __future__ import annotations

from ordnance import i18n
from ordnance.asl.views import _date_cell
from ordnance.core.messages import Said
from ordnance.core.odds.calculators import PoolQuestion, pool
from ordnance.toi.calculators.attack import AttackQuestion, attack_odds
from ordnance.toi.calculators.smoke import SmokeQuestion, smoke_odds
from ordnance.toi.views import _supply_cell

RU = i18n.translations("ru").gettext


def _both(text: str) -> tuple[str, str]:
    assert isinstance(text, Said), text
    return i18n.localize_text(text, RU, "en"), i18n.localize_text(text, RU, "ru")


def test_toi_supply_cell_and_attack_titles() -> None:
    en, ru = _both(_supply_cell({"HE": 2, "AP-B": 1, "AP-C": 1, "Smoke": 1}))
    assert (en, ru) == ("HE 2, AP-B 1, AP-C 1, Smoke 1", "HE 2, AP-B 1, AP-C 1, дым 1")
    plain = attack_odds(AttackQuestion(fp=4, target="vehicle", band="close", defence=1))
    en, ru = _both(plain["title"])
    assert en == "Net hits: firepower 4 vs vehicle at close range, defence 1"
    assert ru == "Чистые попадания: огневая мощь 4, цель: техника, дистанция ближняя, защита 1"
    # with a munitions token the title names it (it was English before: no template matched)
    he = attack_odds(AttackQuestion(fp=4, target="vehicle", band="close", defence=1, munition="HE"))
    en, ru = _both(he["title"])
    assert en == "Net hits: firepower 4 vs vehicle at close range, defence 1, HE"
    assert ru.startswith("Чистые попадания: огневая мощь 4") and ru.endswith(", HE")
    en, ru = _both(smoke_odds(SmokeQuestion(fp=3, band="close"))["title"])
    assert en.startswith("Smoke round: ") and ru.startswith("Выстрел дымом: ")


def test_asl_date_cell_and_generic_pool_title() -> None:
    assert _both(_date_cell("Jul 1944", "ETO")) == ("Jul 1944 (ETO)", "июль 1944 (ETO)")
    title = pool(PoolQuestion(attack=3, hit_on=4, defence=1, cancel_on=5))["title"]
    en, ru = _both(title)
    assert en == "3d6 hitting on 4+ vs 1d6 cancelling on 5+"
    assert ru != en and "3" in ru and "4+" in ru


def test_finished_english_is_not_read_back() -> None:
    """The same words as a plain string: no template is matched, the text stays as it is."""
    text = "HE 2, AP-B 1, AP-C 1, Smoke 1"
    assert i18n.localize_text(text, RU, "ru") == text
    assert not hasattr(i18n, "template_patterns")
