"""The documents a newcomer reads first link to each other and to the code by relative paths
(README.md, CONTRIBUTING.md, docs/*.md): a file moved or split (docs/ai.md and its journal,
docs/ai-journal.md) must not leave a link pointing nowhere."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(([^)\s]+)\)")


def relative_links(document: Path) -> list[str]:
    links = []
    for match in LINK.finditer(document.read_text(encoding="utf-8")):
        target = match.group(1).split("#")[0]
        if target and "://" not in target and not target.startswith("mailto:"):
            links.append(target)
    return links


def test_every_relative_link_in_the_documents_reaches_a_file() -> None:
    documents = [*ROOT.glob("*.md"), *ROOT.glob("docs/*.md")]
    assert len(documents) > 5
    broken = [f"{document.relative_to(ROOT)} -> {target}"
              for document in documents for target in relative_links(document)
              if not (document.parent / target).exists()]
    assert broken == []


def test_a_broken_link_is_found(tmp_path: Path) -> None:
    document = tmp_path / "notes.md"
    document.write_text("See [the journal](ai-journal.md) and [a site](https://example.org).\n",
                        encoding="utf-8")
    assert relative_links(document) == ["ai-journal.md"]
    assert not (tmp_path / "ai-journal.md").exists()
