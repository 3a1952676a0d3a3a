# A small Sphinx site with MyST for SiteGeneratorTests: every MyST rule outline reads
# (docs/format.md §16), with links that work in the built site and links that it breaks.
project = "Outline fixture (MyST)"
extensions = ["myst_parser"]
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 2
