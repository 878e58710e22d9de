#!/usr/bin/env bash
# make-art.sh - regenerate the bitmap artwork in res/ (board texture, stones,
# last-move marker, application icon).
#
# This script is the source of truth for every PNG/ICO file in res/; edit it
# and rerun it instead of editing the images by hand.
#
# Requirements: bash, awk, ImageMagick 6 ("convert"; tested with 6.9.11).
# Output is deterministic: all noise uses fixed seeds and PNG time stamps /
# text chunks are stripped, so rerunning produces byte-identical files for the
# same ImageMagick version.
#
# Usage: installer/make-art.sh [output-dir]     (default: <repo>/res)

set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/../res}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

command -v convert >/dev/null 2>&1 || { echo "make-art.sh: ImageMagick 'convert' not found" >&2; exit 1; }

tmp="$(mktemp -d "${TMPDIR:-/tmp}/make-art.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# Options applied to every written PNG: no time stamps, no text/colour chunks.
# shellcheck disable=SC2054  # the commas belong to the -define value
PNGOPT=(-strip -define png:exclude-chunks=date,time,tEXt,zTXt,iTXt -define png:compression-level=9)

calc() { awk "BEGIN { printf \"%.4f\", $* }"; }

# --------------------------------------------------------------------------
# 1. board.png - seamless light kaya-like wood, 256x256, no lines.
#    Every blur/displacement uses "-virtual-pixel tile", so the result tiles.
# --------------------------------------------------------------------------
make_board() {
    local S=256
    convert \
      \( -size ${S}x${S} xc: -seed 42 +noise Random -channel G -separate +channel \
         -virtual-pixel tile -morphology Convolve 'Blur:0x0.7,90' -morphology Convolve 'Blur:0x48' -auto-level \) \
      \( -size ${S}x${S} xc: -seed 44 +noise Random -channel G -separate +channel \
         -virtual-pixel tile -morphology Convolve 'Blur:0x6,90' -morphology Convolve 'Blur:0x90' -auto-level \) \
      -compose blend -define compose:args=55 -composite -auto-level \
      \( -size ${S}x${S} xc: -seed 46 +noise Random -channel G -separate +channel -threshold 99.6% \
         -virtual-pixel tile -morphology Convolve 'Blur:0x0.6,90' -morphology Convolve 'Blur:0x70' \
         -auto-level -level 0%,35% -negate -level 0%,100%,2.5 \) \
      -compose multiply -composite \
      \( -size ${S}x${S} xc: -seed 43 +noise Random -channel G -separate +channel \
         -virtual-pixel tile -blur 0x44 -auto-level \) \
      -virtual-pixel tile -define compose:args=0x4 -compose displace -composite \
      \( -size ${S}x${S} xc:gray50 -seed 45 +noise Gaussian -channel G -separate +channel \
         -virtual-pixel tile -morphology Convolve 'Blur:0x4' -level 40%,60% \) \
      -compose blend -define compose:args=12 -composite \
      \( -size 1x256 gradient:'#d8ab66-#f3d79b' \) -clut \
      -depth 8 -type TrueColor "${PNGOPT[@]}" "PNG24:$out/board.png"
}

# --------------------------------------------------------------------------
# 2. Stones.  make_stone black|white N outfile
#    Shading: Lambert + Blinn highlight on a slightly flattened sphere, light
#    from the top-left, darker rim; evaluated at 2x and downscaled.
#    Edge: circle drawn at 8x and box-filtered down (64 samples per pixel).
#    Stone radius = N/2 - 0.75 px, i.e. ~1 px antialiased margin.
# --------------------------------------------------------------------------
make_stone() {
    local kind=$1 N=$2 dst=$3
    local S=$((N * 2)) A=$((N * 8))
    local geom shade tint
    geom="qq=($N/2-0.75)/($N/2);
      xx=((i+0.5)/w*2-1)/qq; yy=((j+0.5)/h*2-1)/qq; dd=hypot(xx,yy);
      zz=sqrt(max(0,1-min(1,dd*dd)));
      nx=xx*0.85; ny=yy*0.85; nz=zz+0.25; nl=sqrt(nx*nx+ny*ny+nz*nz);
      nx=nx/nl; ny=ny/nl; nz=nz/nl;
      lx=-0.45; ly=-0.6; lz=0.66; dif=max(0,nx*lx+ny*ly+nz*lz);
      hx=lx; hy=ly; hz=lz+1; hl=sqrt(hx*hx+hy*hy+hz*hz);
      ndh=max(0,(nx*hx+ny*hy+nz*hz)/hl);
      rim=1/(1+exp(-(dd-0.90)*40));"
    if [ "$kind" = black ]; then
        shade="$geom gg=0.055+0.09*dif+0.32*pow(ndh,14)+0.35*pow(ndh,60); gg*(1-0.35*rim)"
        tint='#fcfcff'
    else
        shade="$geom gg=0.70+0.30*pow(dif,1.3)+0.06*pow(ndh,30); gg=min(gg,1); gg*(1-0.20*rim)"
        tint='#fffdf5'
    fi
    local c e
    c=$(calc "($A-1)/2")
    e=$(calc "($A-1)/2 + ($N/2-0.75)*8")
    convert -size ${S}x${S} xc:gray -channel R -fx "$shade" -separate +channel -colorspace sRGB \
      \( -size ${S}x${S} xc:"$tint" \) -compose multiply -composite \
      -filter Triangle -resize ${N}x${N} \
      \( -size ${A}x${A} xc:black -fill white -draw "circle $c,$c $e,$c" -filter Box -resize ${N}x${N} \) \
      -alpha off -compose CopyOpacity -composite \
      -background black -alpha background -depth 8 "${PNGOPT[@]}" "PNG32:$dst"
}

# --------------------------------------------------------------------------
# 3. Last-move marker: solid red (#e02020) dot, diameter 30% of the width.
# --------------------------------------------------------------------------
make_marker() {
    local N=$1 dst=$2
    local A=$((N * 8)) c e
    c=$(calc "($A-1)/2")
    e=$(calc "($A-1)/2 + $N*0.15*8")
    convert -size ${A}x${A} xc:none -fill '#e02020' -draw "circle $c,$c $e,$c" \
      -filter Box -resize ${N}x${N} \
      -background '#e02020' -alpha background -depth 8 "${PNGOPT[@]}" "PNG32:$dst"
}

# --------------------------------------------------------------------------
# 4. Application icon: rounded wood square showing a board corner (two grid
#    lines each way, running off the bottom/right edge) with a black and a
#    white stone.  Each size is drawn natively so the lines stay crisp.
#    make_icon S lw N bw outfile
#      S  icon size, lw grid line width (px), N stone diameter (px),
#      bw border width (px)
# --------------------------------------------------------------------------
make_icon() {
    local S=$1 lw=$2 N=$3 bw=$4 dst=$5
    local A=$((S * 8))
    # line centres (continuous coordinates) at 5/16 and 11/16 of the size,
    # snapped so that a lw-wide line covers whole pixels
    local p0 p1
    p0=$(awk -v s=$S -v w=$lw 'BEGIN { c=s*5/16 - w/2; printf "%d", int(c+0.5) }')   # first pixel of line 0
    p1=$(awk -v s=$S -v w=$lw 'BEGIN { c=s*11/16 - w/2; printf "%d", int(c+0.5) }')  # first pixel of line 1
    local q0=$((p0 + lw - 1)) q1=$((p1 + lw - 1)) last=$((S - 1))
    # stone offsets: centre of stone == centre of line (2*centre = 2*p + lw)
    local b0=$(( (2 * p0 + lw - N) / 2 )) b1=$(( (2 * p1 + lw - N) / 2 ))
    local r ro ri
    r=$(calc "$S*0.14*8")
    ro="-0.5,-0.5 $(calc "$A-0.5"),$(calc "$A-0.5") $r,$r"
    ri="$(calc "$bw*8-0.5"),$(calc "$bw*8-0.5") $(calc "$A-$bw*8-0.5"),$(calc "$A-$bw*8-0.5") $(calc "$r-$bw*8"),$(calc "$r-$bw*8")"

    make_stone black "$N" "$tmp/ib.png"
    make_stone white "$N" "$tmp/iw.png"

    convert \
      \( "$out/board.png" -resize $((S > 128 ? 256 : S * 2))x -crop ${S}x${S}+0+0 +repage \
         +antialias -fill '#3b2a14' \
         -draw "rectangle $p0,$p0 $q0,$last" -draw "rectangle $p1,$p0 $q1,$last" \
         -draw "rectangle $p0,$p0 $last,$q0" -draw "rectangle $p0,$p1 $last,$q1" \
         "$tmp/ib.png" -geometry +$b1+$b0 -compose over -composite \
         "$tmp/iw.png" -geometry +$b0+$b1 -compose over -composite +geometry \
         \( -size ${A}x${A} xc:black -fill white -draw "roundrectangle $ri" -filter Box -resize ${S}x${S} \) \
         -alpha off -compose CopyOpacity -composite \) \
      \( -size ${S}x${S} xc:'#7a4a1a' \
         \( -size ${A}x${A} xc:black -fill white -draw "roundrectangle $ro" -filter Box -resize ${S}x${S} \) \
         -alpha off -compose CopyOpacity -composite \) \
      +swap -compose over -composite \
      -background black -alpha background -depth 8 "${PNGOPT[@]}" "PNG32:$dst"
}

echo "board.png"
make_board

for n in 32 64 128; do
    echo "stone-black-$n.png stone-white-$n.png"
    make_stone black $n "$out/stone-black-$n.png"
    make_stone white $n "$out/stone-white-$n.png"
done

for n in 32 64; do
    echo "marker-last-$n.png"
    make_marker $n "$out/marker-last-$n.png"
done

#          size lw  stone border
icon_spec=("16  1   9     1"
           "32  2   16    1"
           "48  2   24    2"
           "64  3   33    2"
           "128 5   63    3"
           "256 9   127   5")
for spec in "${icon_spec[@]}"; do
    # shellcheck disable=SC2086  # split the spec into fields on purpose
    set -- $spec
    echo "gomoku-$1.png"
    make_icon "$1" "$2" "$3" "$4" "$out/gomoku-$1.png"
done

echo "gomoku.ico"
# 16/32/48 as classic BMP entries, 256 as a PNG-compressed entry (IM does this
# automatically for 256x256).
convert "$out/gomoku-16.png" "$out/gomoku-32.png" "$out/gomoku-48.png" "$out/gomoku-256.png" \
        -strip "$out/gomoku.ico"

echo "done: $out"
