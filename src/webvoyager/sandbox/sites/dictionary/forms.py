"""Derived forms: how the site builds kindness, kindly, unkind... from a base word of words.txt."""

from __future__ import annotations

import random
import re
from functools import lru_cache

from webvoyager.sandbox.sites.dictionary.records import WORDS_FILE, Sense


# ----- derived forms -------------------------------------------------------------------------------

def _third_person(verb: str) -> str:
    if re.search(r"(s|sh|ch|x|z)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"


def _spell(base: str, key: str) -> str:
    """The regular spelling of base + affix (irregular ones are written in words.txt)."""
    if key in ("un", "re", "dis", "im", "in", "ir", "mis", "de"):
        return key + base
    stem = base
    if key in ("ness", "ly", "ful", "less") and re.search(r"[^aeiou]y$", base):
        stem = base[:-1] + "i"
    if key in ("er", "able", "or", "ion", "ation") and base.endswith("e"):
        stem = base[:-1]
    if key == "ly" and base.endswith("le"):
        return base[:-1] + "y"
    return stem + key


# generic senses per affix: (part of speech, definition template, example templates)
_AFFIX = {
    "ness": ("noun", "the quality of being {base}", ["Everyone noticed the {w} in her voice.", "{W} is something we value here."]),
    "th": ("noun", "the quality or state of being {base}", ["We were surprised by the {w} of the reply."]),
    "ty": ("noun", "the quality or state of being {base}", ["We were surprised by the {w} of the reply."]),
    "ly": ("adverb", "in a {base} way", ["She answered {w}.", "He spoke {w} about his plans.", "The team worked {w} all afternoon."]),
    "not": ("adjective", "not {base}", ["She seemed {w} at first.", "It would be {w} to say nothing."]),
    "er": ("noun", "a person or thing that {base3}", ["The {w} arrived early this morning.", "Every {w} needs patience."]),
    "or": ("noun", "a person who {base3}", ["The {w} arrived early this morning."]),
    "able": ("adjective", "possible to {base}", ["Is it really {w}?", "The results were easily {w}."]),
    "unable": ("adjective", "impossible to {base}", ["What happened next was almost {w}."]),
    "re": ("verb", "to {base} again", ["We had to {w} everything after the storm.", "You may need to {w} it later."]),
    "ful": ("adjective", "full of {base} or showing {base}", ["It was a {w} moment.", "She gave a {w} answer."]),
    "less": ("adjective", "without {base}", ["The effort felt {w}.", "He looked {w} that evening."]),
    "en": ("verb", "to make something {base}, or to become {base}", ["The sky began to {w}.", "Try to {w} it a little."]),
    "act": ("noun", "the act or process of {base_ing}, or the result of it", ["The {w} took longer than expected."]),
}
_NOT = ("un", "dis", "im", "in", "ir")
_ACT = ("ion", "ation", "ment", "ison", "ence", "age", "ing")

# derived words whose meaning the generic affix rules would get wrong
OVERRIDES: dict[str, tuple[str, str, str]] = {
    "stranger": ("noun", "someone you do not know", "Don't talk to strangers."),
    "unlearn": ("verb", "to make yourself forget a habit or belief you have learned", "Some bad habits are hard to unlearn."),
    "uncover": ("verb", "to remove a cover from something, or to discover something that was secret", "The journalists uncovered a scandal."),
    "unprepared": ("adjective", "not ready to deal with something", "We were unprepared for the cold."),
    "unprotected": ("adjective", "not protected from harm or damage", "The plants were left unprotected from the frost."),
    "unattached": ("adjective", "not married or in a romantic relationship; not connected to anything", "He's still unattached."),
    "detach": ("verb", "to separate or remove something from something else that it is connected to", "Detach the form and return it."),
    "disorganize": ("verb", "to upset the order or arrangement of something", "The move disorganized the whole office."),
    "misinform": ("verb", "to give someone wrong information", "We were misinformed about the price."),
    "irreparable": ("adjective", "impossible to repair or put right", "The storm caused irreparable damage."),
    "independent": ("adjective", "not influenced or controlled by other people; able to live without help", "She's very independent for her age."),
    "information": ("noun", "facts about a situation, person, event, etc.", "For more information, visit our website."),
    "government": ("noun", "the group of people who officially control a country", "The government has announced new taxes."),
    "governor": ("noun", "a person in charge of a particular political unit or organization", "the governor of the central bank"),
    "delivery": ("noun", "the act of taking goods, letters, etc. to people's houses or places of work", "Delivery is free on orders over twenty euros."),
    "suggestive": ("adjective", "making you think of a particular thing", "music suggestive of the sea"),
    "hesitant": ("adjective", "slow to do or say something because you are uncertain or nervous", "She was hesitant about accepting the offer."),
    "imaginary": ("adjective", "existing only in the mind", "As a child she had an imaginary friend."),
    "imaginable": ("adjective", "possible to think of", "They sell every flavour imaginable."),
    "admirable": ("adjective", "deserving respect or approval", "She showed admirable patience."),
    "comfortable": ("adjective", "providing a pleasant feeling of being relaxed and free from pain", "a comfortable chair"),
    "discomfort": ("noun", "a feeling of being uncomfortable physically or mentally", "You may feel some discomfort after the injection."),
    "knowledgeable": ("adjective", "knowing a lot", "She's very knowledgeable about plants."),
    "respectable": ("adjective", "considered by society to be acceptable, good or correct", "a respectable hotel"),
    "disrespect": ("noun", "lack of respect", "He showed disrespect to the referee."),
    "dangerous": ("adjective", "able or likely to cause harm or injury", "a dangerous road"),
    "courageous": ("adjective", "showing courage", "a courageous decision"),
    "discourage": ("verb", "to make someone feel less confident or enthusiastic about something", "Don't let one bad result discourage you."),
    "thunderous": ("adjective", "extremely loud", "thunderous applause"),
    "thunderstorm": ("noun", "a storm with thunder and lightning and usually heavy rain", "The match was stopped by a thunderstorm."),
    "stormy": ("adjective", "with strong winds, heavy rain and often thunder", "a stormy night"),
    "tasty": ("adjective", "having a strong and very pleasant flavour", "a tasty sauce"),
    "tidal": ("adjective", "relating to or affected by tides", "a tidal river"),
    "oceanic": ("adjective", "relating to the ocean", "oceanic currents"),
    "oceanfront": ("noun", "the land along the edge of an ocean", "an apartment on the oceanfront"),
    "riverside": ("noun", "the land along the edges of a river", "a riverside restaurant"),
    "riverbank": ("noun", "the sloping ground at the edge of a river", "We had a picnic on the riverbank."),
    "weatherproof": ("adjective", "not damaged by wind or rain", "a weatherproof jacket"),
    "marketplace": ("noun", "an open area in a town where a market is held", "the old marketplace"),
    "marketable": ("adjective", "easy to sell", "marketable skills"),
    "forester": ("noun", "a person who works in a forest, taking care of and planting trees", "The forester marked the trees to be cut."),
    "forestry": ("noun", "the science of planting and taking care of large areas of trees", "She studied forestry at university."),
    "villager": ("noun", "a person who lives in a village", "The villagers gathered in the square."),
    "islander": ("noun", "a person who lives on an island", "The islanders rely on the ferry."),
    "gardener": ("noun", "a person who works in a garden, often as a job", "The gardener planted roses along the wall."),
    "fortunate": ("adjective", "lucky", "We were fortunate to find a hotel."),
    "unfortunate": ("adjective", "unlucky, or causing problems", "an unfortunate accident"),
    "merciful": ("adjective", "willing to forgive or treat people kindly", "a merciful judge"),
    "merciless": ("adjective", "having or showing no mercy", "a merciless attack"),
    "skilled": ("adjective", "having the abilities needed to do an activity or job well", "a skilled carpenter"),
    "skilful": ("adjective", "good at doing something, especially something that needs a particular ability", "a skilful player"),
    "gathering": ("noun", "a party or a meeting when many people come together", "a family gathering"),
    "precision": ("noun", "the quality of being exact and accurate", "The work was done with great precision."),
    "coverage": ("noun", "the reporting of a particular important event or subject", "live coverage of the match"),
    "unbelievable": ("adjective", "extremely surprising; impossible to believe", "The view from the top was unbelievable."),
    "unpredictable": ("adjective", "likely to change suddenly and without reason", "unpredictable weather"),
    "recyclable": ("adjective", "able to be recycled", "recyclable packaging"),
    "drivable": ("adjective", "in good enough condition to be driven", "The car was still drivable after the crash."),
    "replay": ("verb", "to play a match, a recording or a part of it again", "They replayed the final minutes in slow motion."),
    "useless": ("adjective", "of no use", "This map is useless."),
    "happiness": ("noun", "the feeling of being happy", "Money doesn't always bring happiness."),
    "breadth": ("noun", "the distance from one side to another; the wide range of something", "the breadth of her knowledge"),
    "ungrateful": ("adjective", "not showing or expressing thanks", "Don't be so ungrateful!"),
    "unfold": ("verb", "to open or spread out something that has been folded", "She unfolded the map."),
    "unlock": ("verb", "to open something that is locked using a key", "I can't unlock the door."),
    "unload": ("verb", "to remove the things that have been carried by a vehicle", "We unloaded the car."),
    "unpack": ("verb", "to take things out of a case or bag after a journey", "Have you unpacked yet?"),
    "untie": ("verb", "to open something that has been tied, or to take off the string or rope holding it", "He untied his shoelaces."),
    "unwrap": ("verb", "to remove the paper or other covering from something", "The children unwrapped their presents."),
    "trainee": ("noun", "a person who is learning and practising the skills of a particular job", "a trainee teacher"),
    "health": ("noun", "the condition of the body and the degree to which it is free from illness", "Smoking is bad for your health."),
    "joyous": ("adjective", "full of happiness, or causing happiness", "a joyous occasion"),
    "peaceable": ("adjective", "not involving or causing arguments or violence", "a peaceable solution"),
    "cloudy": ("adjective", "(of the sky) with many clouds", "a cloudy afternoon"),
    "windy": ("adjective", "with a lot of wind", "a windy day on the coast"),
    "windmill": ("noun", "a building with long arms that turn in the wind, used for producing power", "an old windmill"),
    "sunny": ("adjective", "bright because of light from the sun", "a sunny morning"),
    "sunrise": ("noun", "the time in the morning when the sun appears", "We left at sunrise."),
    "sunset": ("noun", "the time in the evening when the sun disappears", "a beautiful sunset over the sea"),
    "salty": ("adjective", "tasting of or containing salt", "The soup is too salty."),
    "friendly": ("adjective", "behaving in a pleasant, kind way towards someone", "The staff were very friendly."),
    "unfriendly": ("adjective", "not friendly", "an unfriendly dog"),
    "friendship": ("noun", "a relationship between friends", "a lifelong friendship"),
    "homely": ("adjective", "(of a place) comfortable and pleasant, making you feel as if you are in your own home", "The hotel had a homely atmosphere."),
    "homesick": ("adjective", "unhappy because you are away from home for a long period", "She felt homesick during her first term."),
    "childish": ("adjective", "typical of a child, often in a way that seems silly in an adult", "Don't be so childish!"),
    "childhood": ("noun", "the time when someone is a child", "a happy childhood"),
    "mindful": ("adjective", "careful not to forget about something", "Be mindful of the time."),
    "mindless": ("adjective", "stupid and done without thinking or for no good reason", "mindless violence"),
    "sweetness": ("noun", "the quality of tasting sweet, or of being kind and pleasant", "the sweetness of ripe fruit"),
}

PREFIX_SOUNDS = {"un": ("ʌn", "ʌn"), "re": ("riː", "riː"), "dis": ("dɪs", "dɪs"), "im": ("ɪm", "ɪm"), "in": ("ɪn", "ɪn"),
                 "ir": ("ɪ", "ɪr"), "mis": ("mɪs", "mɪs"), "de": ("diː", "diː")}
SUFFIX_SOUNDS = {"ness": "nəs", "ly": "li", "er": ("ə", "ɚ"), "or": ("ə", "ɚ"), "able": "əbəl", "ful": "fəl",
                 "less": "ləs", "ion": "ʃən", "ation": "eɪʃən", "ment": "mənt", "th": "θ", "ty": "ti", "en": "ən",
                 "ous": "əs", "age": "ɪdʒ", "ing": "ɪŋ", "ence": "əns", "ison": "ɪsən", "y": "i", "ee": "iː"}


@lru_cache(maxsize=1)
def _base_lines() -> tuple[tuple[str, ...], ...]:
    rows = []
    for raw in WORDS_FILE.read_text(encoding="utf-8").splitlines():
        if raw.strip() and not raw.startswith("#"):
            rows.append(tuple(raw.split("|")))
    return tuple(rows)


def _senses(text: str, word: str) -> list[Sense]:
    out = []
    for part in text.split(" ~~ "):
        definition, _, examples = part.partition(" :: ")
        out.append(Sense(definition.strip(), tuple(e.strip() for e in examples.split(" ;; ") if e.strip())))
    return out


def _ing(verb: str) -> str:
    if verb.endswith("e") and not verb.endswith("ee"):
        return verb[:-1] + "ing"
    return verb + "ing"


def _derived(base: str, base_pos: str, token: str, rng: random.Random) -> tuple[str, str, Sense]:
    key, _, spelled = token.partition("=")
    word = spelled or _spell(base, key)
    if word in OVERRIDES:
        pos, definition, example = OVERRIDES[word]
        return word, pos, Sense(definition, (example,))
    if key in _NOT:
        kind = "unable" if word.endswith("able") or word.endswith("ible") else "not"
    elif key == "un":
        kind = "unable" if word.endswith("able") else "not"
    elif key in _ACT:
        kind = "act" if base_pos == "verb" else "ness"
    elif key in ("ed",):
        kind = "ful"
    else:
        kind = key if key in _AFFIX else "act"
    pos, template, examples = _AFFIX[kind]
    definition = template.format(base=base, base3=_third_person(base), base_ing=_ing(base))
    example = rng.choice(examples).format(w=word, W=word.capitalize())
    return word, pos, Sense(definition, (example,))
