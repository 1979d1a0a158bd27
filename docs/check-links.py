#!/usr/bin/env python3
"""Checks the relative links of the Markdown documentation: README.md, CHANGELOG.md, examples/*/README.md and
every docs/**/*.md. Each link must name an existing file (or directory), and a #anchor must name a heading of the
target page, as GitHub derives anchors from headings. External links (http, https, mailto) are not fetched.

    python3 docs/check-links.py        # from anywhere in the repository; exit status 1 on a broken link
"""
import pathlib
import re
import sys
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
LINK = re.compile(r'!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')
HEADING = re.compile(r'^(#{1,6})\s+(.*?)\s*#*\s*$')


def pages():
    yield ROOT / 'README.md'
    yield ROOT / 'CHANGELOG.md'
    yield from sorted(ROOT.glob('examples/*/README.md'))
    yield from sorted((ROOT / 'docs').rglob('*.md'))


def prose(text):
    """The lines outside fenced code blocks, with inline code spans blanked out."""
    fence = None
    for number, line in enumerate(text.split('\n'), 1):
        stripped = line.lstrip()
        if fence is None and (stripped.startswith('```') or stripped.startswith('~~~')):
            fence = stripped[:3]
            continue
        if fence is not None:
            if stripped.startswith(fence):
                fence = None
            continue
        yield number, re.sub(r'`[^`]*`', lambda m: ' ' * len(m.group(0)), line)


def slug(heading):
    text = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', heading)  # a link in a heading: its text
    text = re.sub(r'<[^>]+>', '', text).replace('`', '').lower()
    text = re.sub(r'[^\w\- ]', '', text)
    return text.replace(' ', '-')


def anchors(path, cache={}):
    if path not in cache:
        found, seen = set(), {}
        text = path.read_text(encoding='utf-8')
        fence = None
        for line in text.split('\n'):
            stripped = line.lstrip()
            if fence is None and (stripped.startswith('```') or stripped.startswith('~~~')):
                fence = stripped[:3]
                continue
            if fence is not None:
                if stripped.startswith(fence):
                    fence = None
                continue
            match = HEADING.match(line)
            if match:
                base = slug(match.group(2))
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else f'{base}-{count}')
        found.update(re.findall(r'<a\s+(?:name|id)="([^"]+)"', text))
        cache[path] = found
    return cache[path]


def main():
    broken, checked = [], 0
    for page in pages():
        if not page.is_file():
            continue
        for number, line in prose(page.read_text(encoding='utf-8')):
            for match in LINK.finditer(line):
                target = match.group(1)
                if re.match(r'^[a-z][a-z0-9+.-]*:', target, re.I):
                    continue  # http:, https:, mailto:
                checked += 1
                where = f'{page.relative_to(ROOT)}:{number}: {target}'
                path_part, _, anchor = target.partition('#')
                path_part = urllib.parse.unquote(path_part)
                file = (page.parent / path_part).resolve() if path_part else page
                if not file.exists():
                    broken.append(f'{where}: no such file')
                    continue
                if anchor:
                    if file.is_dir() or file.suffix != '.md':
                        broken.append(f'{where}: an anchor into something that is not a Markdown page')
                    elif urllib.parse.unquote(anchor).lower() not in anchors(file):
                        broken.append(f'{where}: no heading with anchor #{anchor} in {file.relative_to(ROOT)}')
    for line in broken:
        print(line)
    print(f'{checked} relative links checked, {len(broken)} broken')
    return 1 if broken else 0


if __name__ == '__main__':
    sys.exit(main())
