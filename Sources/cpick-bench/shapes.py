#!/usr/bin/env python3
"""shapes.py SHAPE N FILE — writes the input of SHAPE at size N (issue 22's shapes).

The shapes of input that once took cpick quadratic time or memory, for scaling.sh
(each at n and 8n) and hundred-mb.sh (each at about 100 MB):
  tel, email, note      N TEL / EMAIL / NOTE lines in one card
  cyrillic, han-org     a name of N Cyrillic letters, an organization of N Han characters
  phonetic              a phonetic name of N kana
  nameless-note         a card without a name, shown by its note of N letters
  latin1, utf8          N small cards, in Latin-1 without a CHARSET (or in UTF-8)
  korean                N cards of distinct random Korean names (two words of 2–10
                        syllables: every search form distinct, no memo pays)
  from-header           a mail message whose folded From: header has N addresses
  from-body             a mail message with a short header and a body of N lines
  from-book             a one-card book for `cpick unknown --skip-known`
  jcard, jcard-vcf      N cards as jCard, and the same cards as .vcf
  xcard                 the same N cards as xCard (RFC 6351)
  tel-require           the tel card, listed with `--require phone` (the person as a JSON tree)
  one-word              a name of one word of N Cyrillic letters that all transliterate longer (Ж)
  abook-custom          an abook section with N custom fields
  mutt-continued        a mutt alias of N addresses continued over N lines with `\\`
  nested-begin          N BEGIN:VCARD lines nested around one card, and N END:VCARD lines
  only-begin            N BEGIN:VCARD lines and nothing else
  unended               N cards of a name, none with END:VCARD (each inside the last)
  nul-cards             N small cards with NUL bytes in their values
  unended-first         a card without END:VCARD, then N small cards (a damaged export)
  charset-first         a vCard 2.1 card with CHARSET=ISO-8859-1, then N small cards
  twins                 N copies of one small card without UID (byte for byte the same)
  twins-halves          N/2 small cards without UID, then the same N/2 again (an export
                        concatenated twice: each card's twin in the other half)
  zero-width            one card whose FN and EMAIL hold N zero-width spaces
  marks-name            N cards whose FN is 100,000 combining marks alone
  like-terms            N `LIKE "*…*"` terms, one a line (an OR of them: scaling.sh)
  json-wide             one person of cpick's JSON lines with N emails and N phones
  sources, sources-folder
                        N books of one card each (FILE is a folder): each file in a
                        folder of its own, or all in FILE; each given with `-s`
  abook-book, mutt-book, ldif-book, csv-book
                        other programs' books of N people (abook sections, mutt aliases,
                        LDIF entries, a Google CSV export with a note of two lines each)
"""
import json, sys
shape, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def card(*lines):
    return "BEGIN:VCARD\r\nVERSION:3.0\r\n" + "".join(l + "\r\n" for l in lines) + "END:VCARD\r\n"
cyrillic = "абвгдежзийклмнопрстуфхцчшщыэюя"
han = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗"
kana = "さとうすずきたかはしわなべ"
out = None
if shape in ("tel", "tel-require"):
    out = card("FN:Many Phones", *("TEL;TYPE=CELL:+1 555 %07d" % i for i in range(n)))
elif shape == "email":
    out = card("FN:Many Emails", *("EMAIL:user%d@example.org" % i for i in range(n)))
elif shape == "note":
    out = card("FN:Many Notes", *("NOTE:line %d of a long note" % i for i in range(n)))
elif shape == "cyrillic":
    name = "".join(cyrillic[i % len(cyrillic)] for i in range(n))
    out = card("FN:" + name, "N:" + name + ";Иван;;;")
elif shape == "one-word":
    out = card("FN:" + "Ж" * n)
elif shape == "abook-custom":
    out = "[format]\nprogram=abook\nversion=0.6.1\n\n[0]\nname=Many Fields\n" + "".join(
        "custom%d=value %d\n" % (i, i) for i in range(n))
elif shape == "mutt-continued":
    out = "alias crowd " + ", \\\n".join("p%d@example.org" % i for i in range(n)) + "\n"
elif shape == "han-org":
    org = "".join(han[i % len(han)] for i in range(n))
    out = card("ORG:" + org)
elif shape == "phonetic":
    reading = "".join(kana[i % len(kana)] for i in range(n))
    out = card("FN:佐藤", "N:佐藤;;;;", "X-PHONETIC-LAST-NAME:" + reading)
elif shape == "nameless-note":
    out = card("NOTE:" + "".join(cyrillic[i % len(cyrillic)] for i in range(n)))
elif shape == "latin1":
    data = b"".join(
        b"BEGIN:VCARD\r\nVERSION:2.1\r\nN:M\xfcller%d;J\xfcrgen\r\nFN:J\xfcrgen M\xfcller%d\r\nEND:VCARD\r\n" % (i, i)
        for i in range(n))
    open(path, "wb").write(data)
elif shape == "korean":
    import random
    random.seed(7)
    def word():
        return "".join(chr(random.randint(0xAC00, 0xD7A3)) for _ in range(random.randint(2, 10)))
    names = ((word(), word()) for _ in range(n))
    out = "".join(card("FN:%s %s" % (family, given), "N:%s;%s;;;" % (family, given)) for family, given in names)
elif shape == "zero-width":
    out = card("FN:A" + "\u200b" * n + "B", "EMAIL:a" + "\u200b" * n + "b@example.org")
elif shape == "marks-name":
    # Cards whose FN is 100,000 combining marks alone (blank: the name is composed).
    marks = "\u05b0\u05b4" * 50000
    out = "".join(card("FN:" + marks, "N:Doe%d;John;;;" % i) for i in range(n))
elif shape == "json-wide":
    items = lambda key, fmt: ",".join('{"label":"%s","value":"%s"}' % (key, fmt % i) for i in range(n))
    out = ('{"identifier":"wide","contactType":"person","displayName":"Wide Line","emailAddresses":[%s],'
           '"phoneNumbers":[%s]}\n' % (items("work", "p%d@example.org"), items("mobile", "+1-555-%07d")))
elif shape == "like-terms":
    out = "\n".join('ANY emailAddresses.value LIKE[cd] "*u%d@ex.co*"' % i for i in range(n))
elif shape == "utf8":
    out = "".join(card("N:Müller%d;Jürgen;;;" % i, "FN:Jürgen Müller%d" % i) for i in range(n))
elif shape == "nested-begin":
    out = "BEGIN:VCARD\r\n" * n + "VERSION:3.0\r\nFN:Inner Card\r\n" + "END:VCARD\r\n" * n
elif shape == "only-begin":
    out = "BEGIN:VCARD\r\n" * n
elif shape == "unended":
    out = "".join("BEGIN:VCARD\r\nFN:Person %d\r\n" % i for i in range(n))
elif shape == "nul-cards":
    out = "".join(card("FN:Person\0%d" % i, "EMAIL:p\0%d@example.org" % i, "NOTE:\0\0\0") for i in range(n))
elif shape == "unended-first":
    out = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Broken\r\n" + "".join(
        card("FN:Person %d" % i, "EMAIL:p%d@example.org" % i, "TEL:+1 555 %07d" % i) for i in range(n))
elif shape == "charset-first":
    data = b"BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=ISO-8859-1:M\xfcller;J\xfcrgen\r\nEND:VCARD\r\n" + "".join(
        card("FN:Person %d" % i, "EMAIL:p%d@example.org" % i, "TEL:+1 555 %07d" % i) for i in range(n)).encode()
    open(path, "wb").write(data)
elif shape == "twins":
    out = card("FN:Person Twin", "EMAIL:twin@example.org") * n
elif shape == "twins-halves":
    half = "".join(card("FN:Person %d" % i, "EMAIL:p%d@example.org" % i) for i in range(n // 2))
    out = half + half
elif shape == "from-header":
    addresses = ",\r\n ".join('"Person %d" <p%d@example.org>' % (i, i) for i in range(n))
    out = "From: " + addresses + "\r\nSubject: hi\r\n\r\nbody\r\n"
elif shape == "from-book":
    out = card("FN:Person 0", "EMAIL:p0@example.org")
elif shape == "from-body":
    out = "From: Ada <ada@example.org>\r\nSubject: hi\r\n\r\n" + "".join(
        "line %d of a long body, as an attachment would be\r\n" % i for i in range(n))
elif shape in ("jcard", "jcard-vcf"):
    cards = []
    for i in range(n):
        cards.append(["vcard", [["version", {}, "text", "4.0"], ["fn", {}, "text", "Person %d" % i],
                                ["n", {}, "text", ["Person%d" % i, "Ada", "", "", ""]],
                                ["email", {"type": "work"}, "text", "p%d@example.org" % i],
                                ["tel", {"type": "cell"}, "uri", "tel:+1-555-%07d" % i],
                                ["note", {}, "text", "x" * 40]]])
    if shape == "jcard":
        out = json.dumps(cards)
    else:
        out = "".join(
            "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Person %d\r\nN:Person%d;Ada;;;\r\nEMAIL;TYPE=work:p%d@example.org\r\n"
            "TEL;TYPE=cell;VALUE=uri:tel:+1-555-%07d\r\nNOTE:%s\r\nEND:VCARD\r\n" % (i, i, i, i, "x" * 40)
            for i in range(n))
elif shape == "xcard":
    out = '<?xml version="1.0" encoding="UTF-8"?>\n<vcards xmlns="urn:ietf:params:xml:ns:vcard-4.0">\n' + "".join(
        "<vcard><fn><text>Person %d</text></fn><n><surname>Person%d</surname><given>Ada</given><additional/>"
        "<prefix/><suffix/></n><email><parameters><type><text>work</text></type></parameters>"
        "<text>p%d@example.org</text></email><tel><parameters><type><text>cell</text></type></parameters>"
        "<uri>tel:+1-555-%07d</uri></tel><note><text>%s</text></note></vcard>\n" % (i, i, i, i, "x" * 40)
        for i in range(n)) + "</vcards>\n"
elif shape == "blank-folds":
    out = card("FN:Folded Blanks", "NOTE:x" + "\r\n  " * n)
elif shape == "header-folds":
    out = card("FN:Folded Header", "X-FOO;A=B" + "\r\n =" * n + ":v")
elif shape == "group-cards":
    out = card("FN:Member", "UID:m1") + "".join(
        card("FN:Group %d" % i, "X-ADDRESSBOOKSERVER-KIND:group", "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:m1")
        for i in range(n))
elif shape == "fuzzy-name":
    out = card("FN:" + "a " * n + "b")
elif shape == "encoded-words":
    out = "From: " + " ".join("=?utf-8?b?YWI=?=" for _ in range(n)) + " <p0@example.org>\r\nSubject: hi\r\n\r\nbody\r\n"
elif shape == "mutt-encoded-words":
    out = "alias k " + " ".join("=?utf-8?b?YWI=?=" for _ in range(n)) + " <a@b.example>\n"
elif shape == "xcard-entities":
    out = ('<?xml version="1.0" encoding="UTF-8"?>\n<vcards xmlns="urn:ietf:params:xml:ns:vcard-4.0">\n'
           "<vcard><fn><text>Amp</text></fn><note><text>" + "a&amp;" * n + "</text></note></vcard>\n</vcards>\n")
elif shape == "accounts":
    out = "".join("[account a%d]\nurl = http://127.0.0.1:9/dav%d/\nmax-age = 100000000\n\n" % (i, i) for i in range(n))
elif shape.endswith("-book"):
    given = ["Ada", "Zoë", "José", "Grace", "Wei", "Olga", "Amir", "Lena", "Kenji", "Maria"]
    people = [(given[i % len(given)], "Lovelace%d" % (i % 997), i) for i in range(n)]
    if shape == "abook-book":
        out = "# abook addressbook file\n\n[format]\nprogram=abook\nversion=0.6.1\n\n" + "".join(
            "[%d]\nname=%s %s\nemail=%s.%d@example.org\nmobile=+49 170 %07d\nnick=%s%d\n\n"
            % (i, g, f, g.lower(), i, i, g.lower(), i) for g, f, i in people)
    elif shape == "mutt-book":
        out = "".join("alias %s%d %s %s <%s.%d@example.org> # friend %d\n" % (g.lower(), i, g, f, g.lower(), i, i)
                      for g, f, i in people)
    elif shape == "ldif-book":
        out = "version: 1\n\ndn: ou=people,dc=example,dc=org\nobjectClass: organizationalUnit\nou: people\n\n" + "".join(
            "dn: uid=p%d,ou=people,dc=example,dc=org\nobjectClass: inetOrgPerson\nuid: p%d\ncn: %s %s\n"
            "givenName: %s\nsn: %s\nmail: %s.%d@example.org\nmobile: +49 170 %07d\n\n"
            % (i, i, g, f, g, f, g.lower(), i, i) for g, f, i in people)
    elif shape == "csv-book":
        out = ("Name,Given Name,Family Name,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value,Notes\n"
               + "".join('%s %s,%s,%s,* Home,%s.%d@example.org,Mobile,+49 170 %07d,"a note,\nline %d"\n'
                         % (g, f, g, f, g.lower(), i, i, i) for g, f, i in people))
elif shape in ("sources", "sources-folder"):
    import os
    for i in range(n):
        folder = os.path.join(path, "d%d" % i) if shape == "sources" else path
        os.makedirs(folder, exist_ok=True)
        open(os.path.join(folder, "s%d.vcf" % i), "w", newline="").write(card("FN:P%d Q" % i, "N:Q;P%d;;;" % i))
if out is not None:
    open(path, "w", encoding="utf-8", newline="").write(out)
