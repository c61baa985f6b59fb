"""The words of the built-in zh<->en demo corpus and the phrases they form.

About two hundred entries, written for this project: pronouns and names, nouns with their
Chinese measure words (本 for books, 只 for most animals, 条 for fish, 辆 for vehicles)
and, for nouns counted by a container, the English container (两杯茶 "two cups of tea",
一双鞋 "a pair of shoes"); verbs with their English principal parts; adjectives; places;
time words per tense. Tags say what goes with what: a verb lists the tags its subject
and its object may carry, a place the tags of what may be found there.

Also here: English inflection (regular -s/-ed/-ing rules, a/an, the tense forms of a
verb group) and noun phrases built in both languages at once. The grammar that puts
them into sentences is demo_corpus.py.
"""

from __future__ import annotations

from dataclasses import dataclass

PRESENT, PAST, PROGRESSIVE, PERFECT, FUTURE = "present", "past", "progressive", "perfect", "future"
TENSE_CODES = {"s": PRESENT, "p": PAST, "g": PROGRESSIVE, "h": PERFECT, "f": FUTURE}


def _tags(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _table(text: str) -> list[list[str]]:
    """Rows of a "|"-separated table; "-" marks an empty cell."""
    rows = [[c.strip() for c in line.split("|")] for line in text.strip().splitlines()]
    return [["" if c == "-" else c for c in row] for row in rows]


# ---- English inflection


@dataclass(frozen=True)
class EnVerb:
    """An English verb's forms; `tail` follows the verb ("look" + "for", "take" + "a walk")."""

    base: str
    s: str  # third person singular present
    past: str
    pp: str  # past participle
    ing: str
    tail: str = ""


def en_verb(base: str, past="", pp="", ing="", tail="", s="") -> EnVerb:
    """Regular forms unless given: cry -> cries/cried/crying, dance -> danced/dancing."""
    consonant_y = base.endswith("y") and base[-2:-1] not in tuple("aeiou")
    if not s:
        sibilant = base.endswith(("s", "sh", "ch", "x", "z", "o"))
        s = base + "es" if sibilant else base[:-1] + "ies" if consonant_y else base + "s"
    regular = (
        base + "d" if base.endswith("e") else base[:-1] + "ied" if consonant_y else base + "ed"
    )
    if not ing:
        ing = base[:-1] + "ing" if base.endswith("e") and not base.endswith("ee") else base + "ing"
    return EnVerb(base, s, past or regular, pp or past or regular, ing, tail)


def with_article(phrase: str) -> str:
    """'a' or 'an' by the sound of the next word (this lexicon has no 'hour' or 'unit')."""
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


BE = {
    PRESENT: {"1s": "am", "3s": "is", "pl": "are"},
    PAST: {"1s": "was", "3s": "was", "pl": "were"},
}


def verb_group(verb: EnVerb | None, tense: str, agr: str, need_aux: bool) -> tuple[str, list]:
    """(auxiliary, main words) of an English verb in a tense; None is "be".

    `agr` is the subject's agreement ("1s", "3s", "pl"); `need_aux` asks for do-support
    (questions and negations): ("does", ["drink"]) rather than ("", ["drinks"]).
    """
    if verb is None:
        return ("will", ["be"]) if tense == FUTURE else (BE[tense][agr], [])
    tail = [verb.tail] if verb.tail else []
    third = agr == "3s"
    if tense == PRESENT:
        if need_aux:
            return ("does" if third else "do"), [verb.base, *tail]
        return "", [verb.s if third else verb.base, *tail]
    if tense == PAST:
        return ("did", [verb.base, *tail]) if need_aux else ("", [verb.past, *tail])
    if tense == PROGRESSIVE:
        return BE[PRESENT][agr], [verb.ing, *tail]
    if tense == PERFECT:
        return ("has" if third else "have"), [verb.pp, *tail]
    return "will", [verb.base, *tail]


# ---- kinds of word


@dataclass(frozen=True)
class Pronoun:
    """A personal pronoun or a name."""

    zh: str
    en: str  # as subject
    obj: str  # as object
    poss: str  # possessive: my, Xiaoming's
    agr: str  # agreement: "1s", "3s" or "pl" ("you" agrees like a plural)
    tags: frozenset[str]


@dataclass(frozen=True)
class Noun:
    zh: str
    en: str  # singular, or the mass noun
    plural: str | None  # None: a mass noun
    mw: str | None  # measure word; None: cannot be counted or pointed at
    tags: frozenset[str]  # "kin": 我妈妈 (no 的); "owned": 我的朋友, never "the friend"
    container: tuple[str, str] | None = None  # ("cup", "cups"): "a cup of tea"

    @property
    def generic(self) -> str:
        """The bare noun in a general statement: cats, tea, shoes."""
        return self.plural or self.en


@dataclass(frozen=True)
class Adjective:
    zh: str
    en: str
    tags: frozenset[str]  # nouns it can describe
    attributive: bool  # may stand before a noun: 新书 a new book
    predicative: bool  # may be said of a subject: 书很新 the book is new
    passing: bool  # a passing state (tired, dirty): may take past tense and time words

    @property
    def zh_attr(self) -> str:
        # One-syllable adjectives join the noun directly; longer ones take 的.
        return self.zh if len(self.zh) == 1 else self.zh + "的"


@dataclass(frozen=True)
class Verb:
    zh: str
    en: EnVerb
    subjects: frozenset[str]  # tags a subject may carry
    objects: frozenset[str]  # tags an object may carry; empty: intransitive
    places: tuple[str, ...]  # keys of places where it is done
    tenses: tuple[str, ...]
    forms: tuple[str, ...]  # object shapes: bare, num, dem, poss, person

    @property
    def stative(self) -> bool:
        """Like, know, have: present only, and no time words (每天认识 is odd)."""
        return self.tenses == (PRESENT,)


@dataclass(frozen=True)
class Place:
    key: str
    zh: str  # as a destination: 去公园
    zh_at: str  # 在公园
    zh_in: str  # 公园里 (有...); empty where "there is" is not said of the place
    en_at: str  # in the park, at school
    en_to: str  # to the park; empty: not a destination
    hosts: frozenset[str]  # tags of what may be there

    @property
    def en_in(self) -> str:
        """With "there is": things are *in* the store, people *at* the store."""
        return self.en_at.replace("at the ", "in the ")


@dataclass(frozen=True)
class Time:
    zh: str
    en: str
    tense: str


# ---- the words


def _container(cell: str) -> tuple[str, str] | None:
    """A noun's container column, "cup cups" -> ("cup", "cups"); "-" or empty: none."""
    words = cell.split()
    return (words[0], words[1]) if len(words) == 2 else None


def _pronouns(text: str) -> tuple[Pronoun, ...]:
    return tuple(
        Pronoun(zh, en, obj, poss, agr, _tags(tags))
        for zh, en, obj, poss, agr, tags in _table(text)
    )


PRONOUNS = _pronouns("""
我   | I    | me   | my    | 1s | person adult
你   | you  | you  | your  | pl | person adult
他   | he   | him  | his   | 3s | person adult
她   | she  | her  | her   | 3s | person adult
我们 | we   | us   | our   | pl | person adult
他们 | they | them | their | pl | person adult
""")
NAMES = _pronouns("""
小明   | Xiaoming | Xiaoming | Xiaoming's | 3s | person young
小红   | Xiaohong | Xiaohong | Xiaohong's | 3s | person young
王先生 | Mr. Wang | Mr. Wang | Mr. Wang's | 3s | person adult
""")
_NUMBER_WORDS = "one two three four five six seven eight nine ten"
NUMBERS = tuple(zip("一两三四五六七八九十", _NUMBER_WORDS.split(), strict=True))

# Chinese | English | plural (- : mass noun) | measure word | tags | container, if counted by one
NOUNS = tuple(
    Noun(zh, en, plural or None, mw or None, _tags(tags), _container(box))
    for zh, en, plural, mw, tags, box in _table("""
朋友   | friend    | friends    | 个 | person owned relation | -
老师   | teacher   | teachers   | 位 | person adult     | -
医生   | doctor    | doctors    | 位 | person adult     | -
孩子   | child     | children   | 个 | person young relation | -
学生   | student   | students   | 个 | person young     | -
妈妈   | mother    | mothers    | 个 | person adult kin | -
爸爸   | father    | fathers    | 个 | person adult kin | -
哥哥   | brother   | brothers   | 个 | person young kin | -
妹妹   | sister    | sisters    | 个 | person young kin | -
猫     | cat       | cats       | 只 | animal pet furry | -
狗     | dog       | dogs       | 只 | animal pet furry swims | -
鸟     | bird      | birds      | 只 | animal sings furry | -
鱼     | fish      | fish       | 条 | animal swims aquatic food goods | -
马     | horse     | horses     | 匹 | animal furry rideable | -
大象   | elephant  | elephants  | 头 | animal           | -
苹果   | apple     | apples     | 个 | food fruit goods colored | -
橙子   | orange    | oranges    | 个 | food fruit goods | -
香蕉   | banana    | bananas    | 根 | food fruit goods | -
鸡蛋   | egg       | eggs       | 个 | food goods       | -
蛋糕   | cake      | cakes      | 个 | food goods cooked | -
面包   | bread     | -          | 块 | food goods cooked | piece pieces
米饭   | rice      | -          | 碗 | food cooked      | bowl bowls
茶     | tea       | -          | 杯 | drink goods hot  | cup cups
咖啡   | coffee    | -          | 杯 | drink goods hot  | cup cups
水     | water     | -          | 杯 | drink            | glass glasses
牛奶   | milk      | -          | 杯 | drink goods      | glass glasses
果汁   | juice     | -          | 杯 | drink goods      | glass glasses
书     | book      | books      | 本 | text goods small writable | -
报纸   | newspaper | newspapers | 份 | text goods small | -
信     | letter    | letters    | 封 | text small writable | -
电影   | movie     | movies     | 部 | show             | -
电视   | TV        | -          | -  | show             | -
车     | car       | cars       | 辆 | vehicle goods colored | -
自行车 | bicycle   | bicycles   | 辆 | vehicle goods colored rideable | -
衬衫   | shirt     | shirts     | 件 | clothing goods colored | -
鞋     | shoe      | shoes      | 双 | clothing goods colored | pair pairs
笔     | pen       | pens       | 支 | goods small colored | -
伞     | umbrella  | umbrellas  | 把 | goods small colored | -
手机   | phone     | phones     | 部 | goods small      | -
钥匙   | key       | keys       | 把 | small            | -
椅子   | chair     | chairs     | 把 | goods furniture  | -
桌子   | table     | tables     | 张 | goods furniture  | -
花     | flower    | flowers    | 朵 | goods plant colored | -
画     | picture   | pictures   | 张 | goods picture    | -
门     | door      | doors      | 扇 | openable         | -
窗户   | window    | windows    | 扇 | openable         | -
歌     | song      | songs      | 首 | audio            | -
音乐   | music     | -          | -  | audio subject    | -
中文   | Chinese   | -          | -  | subject          | -
英文   | English   | -          | -  | subject          | -
数学   | math      | -          | -  | subject          | -
""")
)

# Chinese | English | tags of the nouns it describes | a: before a noun, p: after 很,
# s: a passing state (past tense and time words make sense: 他昨天很累, not 他昨天很高)
ADJECTIVES = tuple(
    Adjective(zh, en, _tags(tags), "a" in how, "p" in how, "s" in how)
    for zh, en, tags, how in _table("""
大   | big         | pet vehicle furniture          | ap
小   | small       | pet vehicle furniture clothing | ap
新   | new         | text vehicle clothing small furniture | ap
旧   | old         | text vehicle clothing small furniture | ap
红   | red         | colored       | a
白   | white       | colored furry | a
黑   | black       | colored furry | a
贵   | expensive   | goods         | p
便宜 | cheap       | goods         | p
漂亮 | beautiful   | plant clothing picture | ap
好吃 | delicious   | food          | ap
有趣 | interesting | text show     | ap
累   | tired       | person animal | ps
饿   | hungry      | person animal | ps
忙   | busy        | adult         | ps
高兴 | happy       | person        | ps
高   | tall        | person        | p
聪明 | clever      | person animal | ap
可爱 | cute        | animal young  | ap
干净 | clean       | clothing vehicle | aps
脏   | dirty       | clothing vehicle | ps
热   | hot         | hot           | ps
""")
)

# Chinese | English "base,past,pp,ing,s" (empty: regular) + what follows the verb | subject
# tags | object tags (none: intransitive) | places | tenses (s present, p past,
# g progressive, h perfect, f future) | object shapes, when not all.
# 过 with 去 is "have been to", not "have gone to": hence go's participle "been".
_VERBS = """
吃   | eat,ate,eaten          | person pet    | food            | home kitchen park | sphgf
喝   | drink,drank,drunk      | person        | drink           | home kitchen park | sphgf
买   | buy,bought             | person        | goods           | store beijing shanghai | sphgf
卖   | sell,sold              | adult         | goods           | store             | spgf
喜欢 | like                   | person animal | person animal food drink goods subject show | | s
看   | read,read              | person        | text            | home library park | sphgf
看   | watch                  | person        | show            | home              | sphgf
写   | write,wrote,written    | person        | writable        | home school library | sphgf
画   | draw,drew,drawn        | person        | animal plant picture | home school park garden|sphgf
洗   | wash                   | person        | clothing vehicle fruit | home  | spgf
找   | look + for             | person animal | person pet small | home school park garden | spgf
看见 | see,saw,seen           | person animal | person animal   | park garden school | ph
帮助 | help                   | person        | person          | home school       | spf
等   | wait + for             | person        | person          | park school store home | spgf
带   | bring,brought          | person        | small food      | -                 | spf
做   | make,made              | adult         | cooked          | home kitchen      | spgf
有   | have,had,,,has | person | pet vehicle clothing small relation | - | s | bare num dem
需要 | need                   | person        | goods           | -                 | s
想要 | want                   | person        | goods pet       | -                 | s
认识 | know,knew,known        | person        | person          | -                 | s | person
爱   | love                   | person        | person animal   | -                 | s
听   | listen + to            | person        | audio           | home park         | spgf
教   | teach,taught           | adult         | subject         | school            | sgf
学   | learn                  | person        | subject         | school home       | sghf
骑   | ride,rode,ridden       | person        | rideable        | park     | sphgf | bare dem poss
打开 | open                   | person        | openable        | -                 | pf | dem poss
关上 | close                  | person        | openable        | -                 | pf | dem poss
去   | go,went,been           | person        | dest            | -                 | sphf
来   | come,came,come         | person        | dest            | -                 | spf
跑步 | run,ran,run,running    | person        | -               | park school garden | spgf
睡觉 | sleep,slept            | person animal | -               | home              | spgf
游泳 | swim,swam,swum,swimming | person swims | -               | river             | spgf
唱歌 | sing,sang,sung         | person sings  | -               | park school home garden | spgf
跳舞 | dance                  | person        | -               | park school home  | spgf
工作 | work | adult | - | school store hospital library beijing shanghai | spgf
学习 | study                  | person        | -               | home school library | spgf
哭   | cry                    | person        | -               | -                 | pg
笑   | laugh                  | person        | -               | -                 | pg
休息 | rest                   | person animal | -               | home park         | spgf
玩   | play                   | young pet     | -               | park garden home  | spgf
回家 | go,went,gone + home    | person animal | -               | -                 | spf
散步 | take,took,taken + a walk | person      | -               | park garden       | spgf
做饭 | cook                   | adult         | -               | home kitchen      | spgf
"""
ALL_FORMS = ("bare", "num", "dem", "poss", "person")


def _verb(
    zh: str, english: str, subjects: str, objects: str, places: str, tenses: str, forms: str = ""
) -> Verb:
    words, _, tail = english.partition("+")
    base, past, pp, ing, s = (*words.strip().split(","), "", "", "", "")[:5]
    return Verb(
        zh,
        en_verb(base, past, pp, ing, tail.strip(), s),
        _tags(subjects),
        _tags(objects),
        tuple(places.split()),
        tuple(TENSE_CODES[c] for c in tenses),
        tuple(forms.split()) or ALL_FORMS,
    )


VERBS = tuple(_verb(*row) for row in _table(_VERBS))

# key | destination | 在... | ...里 (there is...; - : not said) | English | to (- : not a
# destination) | tags of what may be there
PLACES = tuple(
    Place(key, zh, zh_at, zh_in, en_at, en_to, _tags(hosts))
    for key, zh, zh_at, zh_in, en_at, en_to, hosts in _table("""
park     | 公园   | 在公园   | 公园里   | in the park     | to the park     | person pet sings plant
school   | 学校   | 在学校   | 学校里   | at school       | to school       | person
home     | 家     | 在家     | 家里     | at home         | -               | person pet
store    | 商店   | 在商店   | 商店里   | at the store    | to the store    | person goods
library  | 图书馆 | 在图书馆 | 图书馆里 | at the library  | to the library  | person text
kitchen  | 厨房   | 在厨房   | 厨房里   | in the kitchen  | -               | person pet food drink
garden   | 花园   | 在花园里 | 花园里   | in the garden   | -               | person pet sings plant
river    | 河     | 在河里   | 河里     | in the river    | -               | aquatic
table    | 桌子   | 在桌子上 | 桌子上   | on the table    | -               | small text fruit drink
hospital | 医院   | 在医院   | -        | at the hospital | to the hospital | person
beijing  | 北京   | 在北京   | -        | in Beijing      | to Beijing      | person
shanghai | 上海   | 在上海   | -        | in Shanghai     | to Shanghai     | person
""")
)
PLACE_BY_KEY = {p.key: p for p in PLACES}

TIMES = tuple(
    Time(zh, en, TENSE_CODES[code])
    for zh, en, code in _table("""
每天     | every day        | s
早上     | in the morning   | s
晚上     | in the evening   | s
周末     | on weekends      | s
昨天     | yesterday        | p
昨天晚上 | last night       | p
上个星期 | last week        | p
今天早上 | this morning     | p
去年     | last year        | p
现在     | now              | g
明天     | tomorrow         | f
明天早上 | tomorrow morning | f
下个星期 | next week        | f
今天晚上 | tonight          | f
明年     | next year        | f
""")
)


# ---- noun phrases, built in both languages at once


@dataclass(frozen=True)
class NP:
    """A noun phrase in both languages, with what the grammar needs to know about it."""

    zh: str
    en: str  # as a subject
    agr: str = "3s"  # English agreement as a subject: "1s", "3s" or "pl"
    tags: frozenset[str] = frozenset()
    en_obj: str = ""  # as an object, where it differs (me, him)
    bare: bool = False  # a bare noun (Chinese puts 了 at the end; English may say "any")

    @property
    def obj(self) -> str:
        return self.en_obj or self.en


def pronoun_np(p: Pronoun) -> NP:
    return NP(p.zh, p.en, p.agr, p.tags, p.obj)


def the_np(n: Noun) -> NP:
    return NP(n.zh, "the " + n.en, "3s", n.tags)


def group_np(n: Noun) -> NP:
    return NP(n.zh + "们", "the " + n.generic, "pl", n.tags)  # 孩子们 the children


def poss_np(n: Noun, owner: Pronoun) -> NP:
    """我妈妈 my mother, 我的书 my book, 我的鞋 my shoes (counted in pairs: a plural)."""
    plural = n.container is not None and n.plural is not None
    zh = owner.zh + ("" if "kin" in n.tags else "的") + n.zh
    return NP(zh, f"{owner.poss} {n.generic if plural else n.en}", "pl" if plural else "3s", n.tags)


def dem_np(n: Noun, near: bool, plural: bool, adj: Adjective | None = None) -> NP:
    """这本书 this book, 那些小猫 those small cats, 这杯茶 this cup of tea."""
    zh_adj, en_adj = (adj.zh_attr, adj.en + " ") if adj else ("", "")
    if plural:
        zh = ("这些" if near else "那些") + zh_adj + n.zh
        return NP(zh, ("these " if near else "those ") + en_adj + n.generic, "pl", n.tags)
    head = f"{n.container[0]} of {n.generic}" if n.container else en_adj + n.en
    zh = ("这" if near else "那") + (n.mw or "") + zh_adj + n.zh
    return NP(zh, ("this " if near else "that ") + head, "3s", n.tags)


def num_np(n: Noun, k: int, adj: Adjective | None = None) -> NP:
    """三本书 three books, 一个红苹果 a red apple, 两杯茶 two cups of tea."""
    zh_num, en_num = NUMBERS[k - 1]
    zh_adj, en_adj = (adj.zh_attr, adj.en + " ") if adj else ("", "")
    if n.container:
        head = f"{n.container[k > 1]} of {n.generic}"
    else:
        head = en_adj + (n.en if k == 1 else n.generic)
    en = with_article(head) if k == 1 else f"{en_num} {head}"
    return NP(zh_num + (n.mw or "") + zh_adj + n.zh, en, "3s" if k == 1 else "pl", n.tags)


def bare_np(n: Noun) -> NP:
    """A noun with nothing before it: 苹果 apples, 茶 tea (general statements)."""
    return NP(n.zh, n.generic, "pl" if n.plural else "3s", n.tags, bare=True)


def dest_np(p: Place) -> NP:
    return NP(p.zh, p.en_to, tags=frozenset({"dest"}), bare=True)


def how_many(n: Noun) -> tuple[str, str]:
    """几本书 / how many books; 几杯茶 / how many cups of tea."""
    head = f"{n.container[1]} of {n.generic}" if n.container else n.generic
    return "几" + (n.mw or "") + n.zh, "how many " + head
