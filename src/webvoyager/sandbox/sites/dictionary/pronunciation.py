"""Pronunciations (UK and US), derived from the spelling by simple rules, with hand-written exceptions."""

from __future__ import annotations

import re

from webvoyager.sandbox.sites.dictionary.forms import PREFIX_SOUNDS, SUFFIX_SOUNDS


# ----- pronunciation (rule-based, from the spelling) -----------------------------------------------

_RULES = [("A", "eɪ", "eɪ"), ("I", "aɪ", "aɪ"), ("O", "əʊ", "oʊ"), ("U", "juː", "uː"), ("E", "iː", "iː"),
          ("J", "dʒ", "dʒ"), ("dge", "dʒ", "dʒ"), ("ture", "tʃə", "tʃɚ"), ("ious", "iəs", "iəs"), ("ous", "əs", "əs"),
          ("ought", "ɔːt", "ɑːt"), ("are", "eə", "er"), ("air", "eə", "er"), ("ear", "ɜː", "ɝː"), ("ere", "ɪə", "ɪr"), ("ire", "aɪə", "aɪɚ"), ("ore", "ɔː", "ɔːr"),
          ("tion", "ʃən", "ʃən"), ("sion", "ʒən", "ʒən"), ("ough", "ʌf", "ʌf"), ("igh", "aɪ", "aɪ"),
          ("ness", "nəs", "nəs"), ("less", "ləs", "ləs"), ("ful", "fəl", "fəl"), ("able", "əbəl", "əbəl"),
          ("ment", "mənt", "mənt"), ("our", "ə", "ɚ"), ("ar", "ɑː", "ɑːr"), ("or", "ɔː", "ɔːr"),
          ("er", "ə", "ɚ"), ("ir", "ɜː", "ɝː"), ("ur", "ɜː", "ɝː"), ("ee", "iː", "iː"), ("ea", "iː", "iː"),
          ("oo", "uː", "uː"), ("ou", "aʊ", "aʊ"), ("ow", "əʊ", "oʊ"), ("ai", "eɪ", "eɪ"), ("ay", "eɪ", "eɪ"),
          ("oi", "ɔɪ", "ɔɪ"), ("oy", "ɔɪ", "ɔɪ"), ("sh", "ʃ", "ʃ"), ("ch", "tʃ", "tʃ"), ("th", "θ", "θ"),
          ("ph", "f", "f"), ("ck", "k", "k"), ("ng", "ŋ", "ŋ"), ("qu", "kw", "kw"), ("wh", "w", "w"),
          ("ly", "li", "li"), ("ie", "iː", "iː"), ("ei", "eɪ", "eɪ"), ("ey", "i", "i"), ("a", "æ", "æ"), ("e", "e", "e"), ("i", "ɪ", "ɪ"), ("o", "ɒ", "ɑː"), ("u", "ʌ", "ʌ"),
          ("y", "i", "i"), ("c", "k", "k"), ("g", "ɡ", "ɡ"), ("j", "dʒ", "dʒ"), ("x", "ks", "ks")]


PRONUNCIATIONS = {"courage": ("ˈkʌrɪdʒ", "ˈkɝːɪdʒ"), "knowledge": ("ˈnɒlɪdʒ", "ˈnɑːlɪdʒ"), "weather": ("ˈweðə", "ˈweðɚ"),
                  "thought": ("θɔːt", "θɑːt"), "build": ("bɪld", "bɪld"), "youth": ("juːθ", "juːθ"),
                  "ocean": ("ˈəʊʃən", "ˈoʊʃən"), "island": ("ˈaɪlənd", "ˈaɪlənd"), "honest": ("ˈɒnɪst", "ˈɑːnɪst"),
                  "wisdom": ("ˈwɪzdəm", "ˈwɪzdəm"), "friend": ("frend", "frend"), "child": ("tʃaɪld", "tʃaɪld"),
                  "mind": ("maɪnd", "maɪnd"), "kind": ("kaɪnd", "kaɪnd"), "wind": ("wɪnd", "wɪnd"),
                  "journey": ("ˈdʒɜːni", "ˈdʒɝːni"), "money": ("ˈmʌni", "ˈmʌni"), "whisper": ("ˈwɪspə", "ˈwɪspɚ"),
                  "truth": ("truːθ", "truːθ"), "colour": ("ˈkʌlə", "ˈkʌlɚ"), "heart": ("hɑːt", "hɑːrt"),
                  "bread": ("bred", "bred"), "health": ("helθ", "helθ"), "heavy": ("ˈhevi", "ˈhevi"),
                  "believe": ("bɪˈliːv", "bɪˈliːv"), "forgive": ("fəˈɡɪv", "fɚˈɡɪv"), "imagine": ("ɪˈmædʒɪn", "ɪˈmædʒɪn"),
                  "develop": ("dɪˈveləp", "dɪˈveləp"), "remember": ("rɪˈmembə", "rɪˈmembɚ"), "deliver": ("dɪˈlɪvə", "dɪˈlɪvɚ"),
                  "predict": ("prɪˈdɪkt", "prɪˈdɪkt"), "protect": ("prəˈtekt", "prəˈtekt"), "persuade": ("pəˈsweɪd", "pɚˈsweɪd"),
                  "prepare": ("prɪˈpeə", "prɪˈper"), "observe": ("əbˈzɜːv", "əbˈzɝːv"), "explore": ("ɪkˈsplɔː", "ɪkˈsplɔːr"),
                  "employ": ("ɪmˈplɔɪ", "ɪmˈplɔɪ"), "adjust": ("əˈdʒʌst", "əˈdʒʌst"), "admire": ("ədˈmaɪə", "ədˈmaɪɚ"),
                  "attach": ("əˈtætʃ", "əˈtætʃ"), "depend": ("dɪˈpend", "dɪˈpend"), "compare": ("kəmˈpeə", "kəmˈper"),
                  "suggest": ("səˈdʒest", "səɡˈdʒest"), "collect": ("kəˈlekt", "kəˈlekt"), "invent": ("ɪnˈvent", "ɪnˈvent"),
                  "inform": ("ɪnˈfɔːm", "ɪnˈfɔːrm"), "obey": ("əˈbeɪ", "oʊˈbeɪ"), "repair": ("rɪˈpeə", "rɪˈper"),
                  "recycle": ("riːˈsaɪkəl", "riːˈsaɪkəl"), "translate": ("trænsˈleɪt", "trænsˈleɪt"), "design": ("dɪˈzaɪn", "dɪˈzaɪn"),
                  "hesitate": ("ˈhezɪteɪt", "ˈhezɪteɪt"), "celebrate": ("ˈselɪbreɪt", "ˈseləbreɪt"), "aware": ("əˈweə", "əˈwer"),
                  "polite": ("pəˈlaɪt", "pəˈlaɪt"), "precise": ("prɪˈsaɪs", "prɪˈsaɪs"), "remote": ("rɪˈməʊt", "rɪˈmoʊt"),
                  "secure": ("sɪˈkjʊə", "səˈkjʊr"), "sincere": ("sɪnˈsɪə", "sɪnˈsɪr"), "obvious": ("ˈɒbviəs", "ˈɑːbviəs"),
                  "curious": ("ˈkjʊəriəs", "ˈkjʊriəs"), "anxious": ("ˈæŋkʃəs", "ˈæŋkʃəs"), "nervous": ("ˈnɜːvəs", "ˈnɝːvəs"),
                  "generous": ("ˈdʒenərəs", "ˈdʒenɚəs"), "patient": ("ˈpeɪʃənt", "ˈpeɪʃənt"), "certain": ("ˈsɜːtən", "ˈsɝːtən"),
                  "fierce": ("fɪəs", "fɪrs"), "vague": ("veɪɡ", "veɪɡ"), "lantern": ("ˈlæntən", "ˈlæntɚn"),
                  "voyage": ("ˈvɔɪɪdʒ", "ˈvɔɪɪdʒ"), "village": ("ˈvɪlɪdʒ", "ˈvɪlɪdʒ"), "purpose": ("ˈpɜːpəs", "ˈpɝːpəs"),
                  "fortune": ("ˈfɔːtʃuːn", "ˈfɔːrtʃən"), "comfort": ("ˈkʌmfət", "ˈkʌmfɚt"), "danger": ("ˈdeɪndʒə", "ˈdeɪndʒɚ"),
                  "effort": ("ˈefət", "ˈefɚt"), "pleasure": ("ˈpleʒə", "ˈpleʒɚ"), "orchard": ("ˈɔːtʃəd", "ˈɔːrtʃɚd"),
                  "harbour": ("ˈhɑːbə", "ˈhɑːrbɚ"), "market": ("ˈmɑːkɪt", "ˈmɑːrkɪt"), "garden": ("ˈɡɑːdən", "ˈɡɑːrdən"),
                  "bridge": ("brɪdʒ", "brɪdʒ"), "travel": ("ˈtrævəl", "ˈtrævəl"), "argue": ("ˈɑːɡjuː", "ˈɑːrɡjuː"),
                  "organize": ("ˈɔːɡənaɪz", "ˈɔːrɡənaɪz"), "manage": ("ˈmænɪdʒ", "ˈmænɪdʒ"), "measure": ("ˈmeʒə", "ˈmeʒɚ"),
                  "listen": ("ˈlɪsən", "ˈlɪsən"), "govern": ("ˈɡʌvən", "ˈɡʌvɚn"), "cover": ("ˈkʌvə", "ˈkʌvɚ"),
                  "wonder": ("ˈwʌndə", "ˈwʌndɚ"), "mercy": ("ˈmɜːsi", "ˈmɝːsi"), "quiet": ("ˈkwaɪət", "ˈkwaɪət"), "clear": ("klɪə", "klɪr"), "knowledgeable": ("ˈnɒlɪdʒəbəl", "ˈnɑːlɪdʒəbəl")}
_MAGIC_E = {"a": "A", "i": "I", "o": "O", "u": "U", "e": "E"}


def pronounce(word: str) -> tuple[str, str]:
    """(UK, US) pronunciations in IPA: a table for irregular words, otherwise rules on the spelling."""
    w = re.sub(r"[^a-z]", "", word.lower())
    if w in PRONUNCIATIONS:
        uk_known, us_known = PRONUNCIATIONS[w]
        mark = "" if "ˈ" in uk_known else "ˈ"
        return f"/{mark}{uk_known}/", f"/{mark}{us_known}/"
    w = re.sub(r"^kn", "n", re.sub(r"^wr", "r", w))
    if re.search(r"[^aeiou]le$", w):
        w = w[:-2] + "əl"           # gentle, simple: a syllabic l
    elif re.search(r"[aeiou][^aeiouwy]e$", w) and len(w) > 3 and w[-2] != "r":
        w = w[:-3] + _MAGIC_E[w[-3]] + w[-2]   # magic e: hope, brave, wise have a long vowel
    elif w.endswith("ge"):
        w = w[:-2] + "J"
    elif w.endswith("e") and len(w) > 3 and not w.endswith("ee"):
        w = w[:-1]          # silent final e
    uk, us, i = "", "", 0
    while i < len(w):
        if w[i] == "c" and i + 1 < len(w) and w[i + 1] in "eiy":
            uk, us, i = uk + "s", us + "s", i + 1
            continue
        if w[i] == "a" and w[i + 1: i + 3] in ("ss", "st", "sk", "th", "ft"):
            uk, us, i = uk + "ɑː", us + "æ", i + 1   # the BATH vowel: long in UK English
            continue
        for spelling, uk_sound, us_sound in _RULES:  # first match wins: longer spellings come first
            if w.startswith(spelling, i):
                uk, us, i = uk + uk_sound, us + us_sound, i + len(spelling)
                break
        else:
            uk, us, i = uk + w[i], us + w[i], i + 1
        if len(uk) >= 2 and uk[-1] == uk[-2] and uk[-1] not in "ːə":
            uk, us = uk[:-1], us[:-1]       # doubled consonants are one sound
    return f"/ˈ{uk}/", f"/ˈ{us}/"


def pronounce_derived(word: str, base: str, key: str) -> tuple[str, str]:
    """Pronounce a derived word from its base: prefix + stressed base, or base + suffix sound."""
    uk, us = (p.strip("/") for p in pronounce(base))
    if key in PREFIX_SOUNDS and word.startswith(key):
        pre_uk, pre_us = PREFIX_SOUNDS[key]
        return f"/{pre_uk}{uk}/", f"/{pre_us}{us}/"
    if key in SUFFIX_SOUNDS and word.startswith(base[:-1]):
        sound = SUFFIX_SOUNDS[key]
        suf_uk, suf_us = sound if isinstance(sound, tuple) else (sound, sound)
        if key == "ly" and base.endswith("le") and uk.endswith("əl"):
            uk, us = uk[:-2] + "l", us[:-2] + "l"     # gentle → gently: the l joins the -ly
            suf_uk = suf_us = "i"
        if base.endswith("y") and key in ("ness", "ly", "ful", "less"):
            uk, us = uk[:-1] + "ɪ", us[:-1] + "ɪ"
        return f"/{uk}{suf_uk}/", f"/{us}{suf_us}/"
    return pronounce(word)
