"""Draws icon.png from the shapes of icon.svg (run from resources/: python draw_icon.py)."""

from PIL import Image, ImageDraw

S = 4
img = Image.new("RGBA", (256 * S, 256 * S), (0, 0, 0, 0))
d = ImageDraw.Draw(img)
d.rounded_rectangle([8 * S, 8 * S, 248 * S, 248 * S], radius=44 * S, fill="#1F3A5F")
d.line([40 * S, 200 * S, 216 * S, 200 * S], fill="#5B7A9E", width=6 * S)


def bezier(p0, p1, p2, p3, n=400):
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        yield (
            u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
            u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
        )


# "C 80 186, 96 170, 120 140 S 170 70, 216 60": S mirrors the previous control point.
points = list(bezier((40, 188), (80, 186), (96, 170), (120, 140)))
points += list(bezier((120, 140), (144, 110), (170, 70), (216, 60)))
r = 7 * S  # a round pen: stamp discs along the curve
for x, y in points:
    d.ellipse([x * S - r, y * S - r, x * S + r, y * S + r], fill="#F2C14E")
for cx, cy, colour in (
    (64, 64, "#2BB673"),
    (104, 52, "#2BB673"),
    (64, 108, "#E4572E"),
    (104, 96, "#2BB673"),
):
    d.ellipse([(cx - 15) * S, (cy - 15) * S, (cx + 15) * S, (cy + 15) * S], fill=colour)
img.resize((256, 256), Image.LANCZOS).save("icon.png", optimize=True)
