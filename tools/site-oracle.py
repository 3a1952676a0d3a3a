#!/usr/bin/env python3
"""The links a real documentation site breaks: the oracle of Tests/OutlineSlowTests/SiteGeneratorTests.

    python site-oracle.py ROOT

Run with the Python that has MkDocs, Sphinx and MyST-Parser installed (the test venv). Every site
under ROOT is built with its real generator into a temporary directory:

- MkDocs: each `mkdocs.yml` (`python -m mkdocs build`); `docs_dir` and `use_directory_urls` are read
  from its top-level lines (defaults `docs`, true).
- Zensical: each `zensical.toml`, and each `mkdocs.yml` beside an `.outline.toml` that says
  `site = "zensical"` (`zensical build -f CONFIG`, in a copy of the configuration's directory: it
  builds into the project's `site_dir`, default `site`); `docs_dir`, `site_dir` and
  `use_directory_urls` read from top-level lines as for MkDocs.
- Sphinx with MyST: each `conf.py` that mentions `myst_parser` or `myst_nb` (`python -m sphinx -b html`); the
  source directory is the one holding `conf.py`.

Then every `href` and `src` inside each page's article content (the element with `role="main"`, as
MkDocs' and Sphinx's default themes mark it, or Zensical's `<article class="md-content__inner">`; the generator's own `headerlink` permalinks and Sphinx's toctree
navigation left out) is resolved as a browser resolves it against the page's URL. Schemes
(`https:`, `mailto:`) and `//host` are skipped. A directory's URL without its slash is the directory
(servers redirect it). The link is broken when it climbs above the site's root (browsers stop at
the host's root, so it works only on a site served at a domain's root), when the URL names no file of the built site (a directory
without `index.html` is none), or when its fragment names no `id` (nor `<a name>`) of the page it
leads to; `#` and `#top` are the top.

Sphinx renders a MyST link or role it cannot resolve without a useful href (a `<span class="xref
…">`, alone or inside `<a href="#target">`): those come from the warnings `myst.xref_missing`,
`ref.ref` and `ref.doc`, which name the file and the line of the paragraph. MyST's "local id not
found in doc 'D': 'F'" is not used: MyST still renders `D.html#F`, and the href check above judges
it as the browser does (a docutils section id that is no MyST slug works in the browser).

Output, one JSON document, paths relative to ROOT:
{"links": N, "broken": [{"source", "target", "fragment", "detail"}], "landings": [[text, landing]]}
- broken, one row per (source, target, fragment): source is the Markdown file whose page holds the
  link; target the Markdown file of the page it leads to, or, when it leads nowhere, what was
  written (MkDocs leaves a link it cannot resolve as written): `?` and the written path joined to
  the source's directory (normalized, `.md` taken off), `label:NAME` for `{ref}`, `doc:NAME` for
  `{doc}`; fragment the fragment (percent-decoded) or ""; detail what the built site does.
- landings, every link: its text (an image's alt) and where it lands, the page's text (whitespace
  collapsed) from the element the fragment names (from the article's start without one), 80
  characters; `file PATH` for a file, `broken`, `external URL`.
Standard library only (html.parser).
"""
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from urllib.parse import unquote, urljoin, urlsplit

INLINE = {"a", "abbr", "b", "code", "em", "i", "kbd", "small", "span", "strong", "sub", "sup"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
LANDING = 80
LINK_ATTRS = {"a": "href", "area": "href", "img": "src", "source": "src", "video": "src", "audio": "src", "track": "src"}


class Page(HTMLParser):
    """One built page: its ids, where each starts in the page's text, and the links of its article."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.ids = {}  # id -> offset in self.text where the element starts
        self.text = ""  # the page's text, whitespace collapsed (permalinks' text left out)
        self.main_start = 0
        self.links = []  # [url, unresolved, text]: unresolved when Sphinx marked it as not found
        self.main_tag = None
        self.main_depth = 0
        self.open_a = None  # index in self.links while inside an <a> of the content
        self.in_headerlink = 0
        self.in_script = False
        self.toctree = 0  # depth of <div>s inside a toctree (Sphinx's own navigation: not checked)
        self.feed(text)

    def separate(self, tag):
        if tag not in INLINE and self.text and not self.text.endswith(" "):
            self.text += " "

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        self.separate(tag)
        self.in_script = tag in ("script", "style")
        for name in [attrs.get("id")] + ([attrs.get("name")] if tag == "a" else []):
            if name and name not in self.ids:
                self.ids[name] = len(self.text)
        if tag == "a" and "headerlink" in classes:
            self.in_headerlink += 1
        if self.main_tag is None or self.main_depth == 0:
            if self.main_tag is None and (attrs.get("role") == "main" or (tag == "article" and "md-content__inner" in classes)):
                self.main_tag, self.main_depth, self.main_start = tag, 1, len(self.text)
            return
        if tag == self.main_tag and tag not in VOID:
            self.main_depth += 1
        if tag == "div" and (self.toctree or "toctree-wrapper" in classes):
            self.toctree += 1
        if self.toctree:
            return
        if tag == "span" and "xref" in classes:
            if self.open_a is not None:
                self.links[self.open_a][1] = True
            else:
                self.links.append([None, True, ""])
                self.open_a = len(self.links) - 1  # its text
        name = LINK_ATTRS.get(tag)
        if name and attrs.get(name) is not None and "headerlink" not in classes:
            self.links.append([attrs[name], False, attrs.get("alt", "")])
            if tag == "a":
                self.open_a = len(self.links) - 1

    def handle_endtag(self, tag):
        self.separate(tag)
        self.in_script = False
        if tag == "div" and self.toctree:
            self.toctree -= 1
        if tag == "a":
            self.open_a = None
            self.in_headerlink = max(0, self.in_headerlink - 1)
        if tag == "span" and self.open_a is not None and self.links[self.open_a][0] is None:
            self.open_a = None
        if self.main_tag is not None and tag == self.main_tag and self.main_depth > 0:
            self.main_depth -= 1

    def handle_data(self, data):
        if self.in_headerlink or self.in_script:
            return
        words = " ".join(data.split())
        if not words:
            return
        if self.text and not self.text.endswith(" ") and data[:1].isspace():
            self.text += " "
        self.text += words
        if data[-1:].isspace():
            self.text += " "
        if self.open_a is not None:
            self.links[self.open_a][2] = (self.links[self.open_a][2] + " " + words).strip()

    def landing(self, fragment):
        """What a reader sees where a link lands: the page's text from the element on."""
        start = self.main_start if not fragment or fragment.lower() == "top" else self.ids[fragment]
        return self.text[start:start + LANDING].strip()


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def rel(root, path):
    return os.path.relpath(path, root).replace(os.sep, "/")


def missing_label(source, written):
    """What a link that leads nowhere is named by: its path joined to the source's directory."""
    path = posixpath.normpath(posixpath.join(posixpath.dirname(source), written)) if written else source
    return "?" + (path[:-3] if path.endswith(".md") else path)


def check_links(root, pages, site_dir, url_of, result, written=lambda source, path: path):
    """Every href/src of every page, resolved against its URL. pages: {source: built file};
    written: a built page's relative URL path as its source wrote it (for naming a broken link)."""
    source_of_file = {built: source for source, built in pages.items()}
    parsed = {}

    def page(built):
        if built not in parsed:
            parsed[built] = Page(read(built))
        return parsed[built]

    for source, built in sorted(pages.items()):
        if page(built).main_tag is None:
            sys.exit(f"{built}: no element with role=\"main\" (the article's content)")
        for url, unresolved, text in page(built).links:
            landing = check_link(source, url, unresolved, url_of, site_dir, source_of_file, page, result, written)
            result["landings"].append([text, landing])


def check_link(source, url, unresolved, url_of, site_dir, source_of_file, page, result, written):
    """Adds the link to the broken ones if it is; where it lands (see Page.landing)."""
    if unresolved or url is None:
        return "broken"  # a Sphinx reference not found: its warning says which
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return "external " + url
    fragment = unquote(parts.fragment)
    as_written = unquote(written(source, parts.path))
    if climbs(url_of[source], parts.path):
        result["broken"].add((source, missing_label(source, as_written), fragment,
                              f"{url!r}: climbs above the site's root from {url_of[source]}"))
        return "broken"
    resolved = urlsplit(urljoin("http://site" + url_of[source], url)).path
    target = os.path.join(site_dir, unquote(resolved).lstrip("/"))
    if resolved.endswith("/") or os.path.isdir(target):
        target = os.path.join(target, "index.html")
    if not os.path.isfile(target):
        result["broken"].add((source, missing_label(source, as_written), fragment,
                              f"{url!r}: the built site has no {resolved}"))
        return "broken"
    if target not in source_of_file:
        return "file " + resolved  # an image: no fragment to check
    if fragment and fragment.lower() != "top" and fragment not in page(target).ids:
        result["broken"].add((source, source_of_file[target], fragment, f"{url!r}: {resolved} has no id {fragment!r}"))
        return "broken"
    return page(target).landing(fragment)


def setting(text, name, default):
    """A top-level `name: value` (YAML) or `name = value` (TOML, under `[project]`) line's value."""
    m = re.search(r"^" + name + r"\s*[:=]\s*['\"]?([^'\"\s#]+)", text, re.M)
    return m.group(1) if m else default


def climbs(base, path):
    """Whether the relative URL `path` climbs above the site's root from the page at `base`: the
    browser would stop at the host's root, where the site works only when served at a domain's root."""
    if path.startswith("/"):
        return False
    depth = len([p for p in base.split("/")[:-1] if p])
    for piece in path.split("/"):
        if piece == "..":
            depth -= 1
            if depth < 0:
                return True
        elif piece not in ("", "."):
            depth += 1
    return False


def mkdocs_site(root, config, result, zensical=False):
    base = os.path.dirname(config)
    text = read(config)
    docs = os.path.join(base, setting(text, "docs_dir", "docs"))
    directory_urls = setting(text, "use_directory_urls", "true").lower() in ("true", "yes", "on")
    with tempfile.TemporaryDirectory() as out:
        if zensical:
            # Zensical builds into the project's own site_dir: build a copy of the project.
            project = os.path.join(out, "project")
            shutil.copytree(base, project, ignore=shutil.ignore_patterns(".git"))
            command = [os.path.join(os.path.dirname(sys.executable), "zensical"), "build", "-f",
                       os.path.join(project, os.path.basename(config))]
            built = os.path.join(project, setting(text, "site_dir", "site"))
        else:
            command = [sys.executable, "-m", "mkdocs", "build", "-q", "-f", config, "-d", out]
            built = out
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"{' '.join(command[:2])} {config} failed:\n{run.stderr}")
        pages, url_of, deeper = {}, {}, set()
        for folder, _, files in os.walk(docs):
            for name in files:
                if not name.endswith(".md"):
                    continue
                path = rel(docs, os.path.join(folder, name))[:-3]
                stem = posixpath.basename(path)
                source = rel(root, os.path.join(folder, name))
                if directory_urls and stem not in ("index", "README"):
                    deeper.add(source)
                if stem in ("index", "README"):
                    url = "/" + posixpath.dirname(path) + "/"
                elif directory_urls:
                    url = "/" + path + "/"
                else:
                    url = "/" + path + ".html"
                url = url.replace("//", "/")
                url_of[source] = url
                pages[source] = os.path.join(built, url.lstrip("/") + ("index.html" if url.endswith("/") else ""))

        def written(source, path):
            # Zensical writes every relative link from the source file: served a directory deeper,
            # the page's links gain a `../`, which the source did not write.
            if zensical and source in deeper and path.startswith("../"):
                return path[3:]
            return path
        check_links(root, pages, built, url_of, result, written)


WARNING = re.compile(r"^(.+?):(\d+): WARNING: (.*) \[(myst\.xref_missing|ref\.ref|ref\.doc)\]$")


def sphinx_site(root, config, result):
    src = os.path.dirname(config)
    with tempfile.TemporaryDirectory() as out:
        run = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-E", src, out],
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"sphinx-build {src} failed:\n{run.stderr}")
        pages, url_of = {}, {}
        for folder, _, files in os.walk(src):
            for name in files:
                if name.endswith(".md"):
                    path = rel(src, os.path.join(folder, name))[:-3]
                    source = rel(root, os.path.join(folder, name))
                    url_of[source] = "/" + path + ".html"
                    pages[source] = os.path.join(out, path + ".html")
        pages = {s: b for s, b in pages.items() if os.path.isfile(b)}
        check_links(root, pages, out, url_of, result)
        for line in run.stderr.splitlines():
            m = WARNING.match(line)
            if not m:
                continue
            source, number, message, kind = rel(root, m.group(1)), m.group(2), m.group(3), m.group(4)
            detail = f"line {number}: {message} [{kind}]"
            if w := re.fullmatch(r"'myst' cross-reference target not found: '(.*)'", message):
                path, _, fragment = w.group(1).partition("#")
                result["broken"].add((source, missing_label(source, path), fragment, detail))
            elif w := re.fullmatch(r"Unknown source document '(.*)'", message):
                result["broken"].add((source, "?" + rel(root, w.group(1)), "", detail))
            elif w := re.fullmatch(r"undefined label: '(.*)'", message):
                result["broken"].add((source, "label:" + w.group(1), "", detail))
            elif w := re.fullmatch(r"unknown document: '(.*)'", message):
                result["broken"].add((source, "doc:" + w.group(1), "", detail))
            elif message.startswith("local id not found in doc"):
                continue  # rendered with its href: judged above, as the browser judges it
            else:
                sys.exit(f"unknown warning: {line}")


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    result = {"broken": set(), "landings": []}
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        zensical = ".outline.toml" in files and re.search(r'^site\s*=\s*"zensical"', read(os.path.join(folder, ".outline.toml")), re.M)
        if "zensical.toml" in files:
            mkdocs_site(root, os.path.join(folder, "zensical.toml"), result, zensical=True)
        elif "mkdocs.yml" in files:
            mkdocs_site(root, os.path.join(folder, "mkdocs.yml"), result, zensical=bool(zensical))
        if "conf.py" in files and ("myst_parser" in read(os.path.join(folder, "conf.py")) or "myst_nb" in read(os.path.join(folder, "conf.py"))):
            sphinx_site(root, os.path.join(folder, "conf.py"), result)
    # One row per (source, target, fragment): a link broken in two ways (an href and a warning) once.
    first = {}
    for b in sorted(result["broken"]):
        first.setdefault(b[:3], b[3])
    rows = [{"source": k[0], "target": k[1], "fragment": k[2], "detail": d} for k, d in first.items()]
    print(json.dumps({"links": len(result["landings"]), "broken": rows, "landings": sorted(result["landings"])}, indent=1))


if __name__ == "__main__":
    main()
