#!/usr/bin/env python3
"""Rewrites, in place, a copy of ../shared/bench/Pages for the section benchmarks: its /home
holds its `deals` carousel in an inline section (`"$section": "deals"`, `defer` false), as
bench/section_hit_cost.sh measures it. With --paged SIZE (bench/list_page_cost.sh), the
carousel's product cards become the items of a file source (data/deals.json) that a paged
`$each` lists, SIZE at a time, with a `load-more` after them (SPEC §10.2), and the catalog gets
the `load` action a client performs to ask for the next page.

Usage: deals_in_section.py PAGES_COPY [--paged SIZE]"""
import argparse
import json
import os


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("pages")
    parser.add_argument("--paged", type=int)
    args = parser.parse_args()
    load = lambda name: json.load(open(os.path.join(args.pages, name)))
    save = lambda name, value: json.dump(value, open(os.path.join(args.pages, name), "w"), indent=1)

    home = load("pages/home.json")
    children = home["root"]["data"]["children"]
    index = next(i for i, child in enumerate(children) if child.get("id") == "deals")
    deals = children[index]
    children[index] = {"$section": "deals", "then": deals}
    if args.paged:
        cards = deals["data"].pop("children")
        os.makedirs(os.path.join(args.pages, "data"), exist_ok=True)
        save("data/deals.json", {"deals": {"items": [dict(card["data"], id=card["id"]) for card in cards]}})
        fields = sorted({field for card in cards for field in card["data"]})
        deals["data"]["children"] = [{
            "$each": "deals.items", "as": "p", "pageSize": args.paged,
            "template": {"id": "{{p.id}}", "type": "product-card", "data": {field: "{{p.%s}}" % field for field in fields}},
            "more": {"id": "deals-more", "type": "load-more", "data": {"onAppear": "{{more.load}}"}}}]
        home["data"] = {"deals": {"source": "deals", "key": "deals"}}
        sources = load("sources.json")
        sources.setdefault("sources", {})["deals"] = {"file": "data/deals.json"}
        save("sources.json", sources)
        catalog = load("catalog.json")
        catalog["components"]["load-more"] = {"required": ["onAppear"], "fields": {"onAppear": {"type": "action"}}}
        catalog.setdefault("actions", {}).update({"navigate": {"required": ["url"]}, "load": {"required": ["url", "target"]}})
        save("catalog.json", catalog)
    save("pages/home.json", home)


if __name__ == "__main__":
    main()
