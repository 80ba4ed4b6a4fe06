"""Writes the folder of CSV documents shown in docs/dashboard.png (seeded: the same every run).

    python3 docs/dashboard-corpus.py campaign
    gamma-studio open campaign --screenshot docs/dashboard.png   # under Xvfb at 1366x768

Fourteen documents, three annotators copying one reference with more or less noise (moved
boundaries, other categories, units left out or added), so that γ ranges from chance to 1.
"""
import os
import random
import sys

folder = sys.argv[1]
os.makedirs(folder, exist_ok=True)
random.seed(30)
cats = ["person", "place", "organisation", "date"]
for name in ["interview-%02d" % i for i in range(1, 15)]:
    noise = random.choice([0.0, 0.05, 0.1, 0.2, 0.35, 0.5])
    ref, pos = [], 0
    for _ in range(random.randint(15, 40)):
        pos += random.randint(5, 30)
        length = random.randint(3, 15)
        ref.append((random.choice(cats), pos, pos + length))
        pos += length
    rows = ["annotator,category,start,end"]
    for annotator in ["ana", "ben", "chloe"]:
        for category, start, end in ref:
            if random.random() < noise * 0.5:
                continue
            if random.random() < noise:
                category = random.choice(cats)
            d = int(noise * 20)
            s = max(0, start + random.randint(-d, d))
            e = max(s + 1, end + random.randint(-d, d))
            rows.append(f"{annotator},{category},{s},{e}")
        if random.random() < noise:
            for _ in range(int(noise * 10)):
                s = random.randint(0, pos)
                rows.append(f"{annotator},{random.choice(cats)},{s},{s + random.randint(3, 12)}")
    with open(os.path.join(folder, name + ".csv"), "w") as f:
        f.write("\n".join(rows) + "\n")
