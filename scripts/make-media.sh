#!/usr/bin/env bash
# Makes the sandbox's sample media in src/sandbox/media/ from synthetic sources only (no downloads, no
# third-party footage): a ~6 s 16:9 test pattern with a sine tone, as a poster, three progressive mp4
# renditions and an HLS stream with fMP4 segments and a WebVTT captions rendition; a 9:16 variant for
# vertical testimonials (no captions: the player's transcript-only case); and a few small avatar and
# company-logo images. The outputs are committed; run this again only to change them.
#
#   scripts/make-media.sh            (needs ffmpeg with libx264, libwebp and drawtext; Debian's ffmpeg has them)
#
# Budget: the whole folder stays under 1.5 MB, so the repository and the test runs stay light. Every
# video is H.264 (main profile) + AAC-LC, `+faststart` so a browser can start an mp4 before it has it all,
# and has a keyframe exactly every 2 s so the HLS segments cut cleanly at 2 s.
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=src/sandbox/media
FONT=${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}
DURATION=6
FPS=24
GOP=$((FPS * 2))

command -v ffmpeg >/dev/null || { echo "make-media: ffmpeg not found (Debian: apt-get install -y ffmpeg)" >&2; exit 1; }
[ -f "$FONT" ] || { echo "make-media: font $FONT not found (Debian: apt-get install -y fonts-dejavu-core, or set FONT)" >&2; exit 1; }

rm -rf "$OUT"
mkdir -p "$OUT/hls" "$OUT/vertical/hls" "$OUT/avatars" "$OUT/logos"

ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

# One still image; WebP goes through the still encoder (ffmpeg's default for .webp is the animated one).
still() { # filtergraph output
  local codec=()
  [[ $2 == *.webp ]] && codec=(-c:v libwebp -quality 80)
  ff -f lavfi -i "$1" -frames:v 1 "${codec[@]}" "$2"
}

# The synthetic source: testsrc2 at the given size with a caption, plus a 440 Hz tone that beeps each second.
# The caption's size follows the height, capped by the width so that it fits a 9:16 frame whole.
source_args() { # width height
  local w=$1 h=$2
  printf '%s\n' \
    -f lavfi -i "testsrc2=size=${w}x${h}:rate=${FPS}:duration=${DURATION},drawtext=fontfile=${FONT}:text='Sample testimonial':fontcolor=white:fontsize=min(h/12\,w/16):box=1:boxcolor=black@0.55:boxborderw=12:x=(w-tw)/2:y=h-th-h/10" \
    -f lavfi -i "sine=frequency=440:beep_factor=2:sample_rate=44100:duration=${DURATION}"
}

# Shared H.264/AAC settings: fixed 2 s GOP, no scene-cut keyframes, mono 32 kbit/s audio.
codec_args() {
  printf '%s\n' \
    -c:v libx264 -profile:v main -preset slow -pix_fmt yuv420p \
    -g "$GOP" -keyint_min "$GOP" -sc_threshold 0 \
    -c:a aac -b:a 32k -ac 1 -ar 44100
}

# A capped video bitrate; `stream` is empty for a single-output file, or `:v:N` for HLS rendition N.
rate_args() { # kbps [stream]
  local kbps=$1 stream=${2:-}
  printf '%s\n' "-b${stream:-:v}" "${kbps}k" "-maxrate${stream:-:v}" "$((kbps * 3 / 2))k" "-bufsize${stream:-:v}" "$((kbps * 2))k"
}

mp4() { # width height kbps output
  local args
  mapfile -t args < <(source_args "$1" "$2"; codec_args; rate_args "$3")
  ff "${args[@]}" -movflags +faststart "$4"
}

# HLS VOD, fMP4 segments (.m4s, never .ts: the dev server would compile .ts as TypeScript), one folder per
# rendition with its init.mp4, and a master playlist index.m3u8 with BANDWIDTH/RESOLUTION/CODECS.
hls() { # dir "w:h:kbps" ... (the first rendition is the source size)
  local dir=$1; shift
  local args=() maps=() filters=() streams=() i=0 w h kbps
  for rendition in "$@"; do
    IFS=: read -r w h kbps <<<"$rendition"
    filters+=("[0:v]scale=${w}:${h}[v$i]")
    maps+=(-map "[v$i]" -map 1:a)
    mapfile -t -O "${#maps[@]}" maps < <(rate_args "$kbps" ":v:$i")
    streams+=("v:$i,a:$i,name:${h}p")
    i=$((i + 1))
  done
  IFS=: read -r w h _ <<<"$1"
  mapfile -t args < <(source_args "$w" "$h")
  mapfile -t -O "${#maps[@]}" maps < <(codec_args)
  ff "${args[@]}" -filter_complex "$(IFS=';'; echo "${filters[*]}")" "${maps[@]}" \
    -f hls -hls_time 2 -hls_playlist_type vod -hls_segment_type fmp4 -hls_flags independent_segments \
    -hls_fmp4_init_filename init.mp4 -hls_segment_filename "$dir/%v/seg%d.m4s" \
    -master_pl_name index.m3u8 -var_stream_map "${streams[*]}" "$dir/%v/playlist.m3u8"
  # ffmpeg numbers the init segments per rendition (init_0.mp4, ...) even in separate folders: give each
  # folder the plain init.mp4 name and point its playlist at it.
  for playlist in "$dir"/*/playlist.m3u8; do
    local folder; folder=$(dirname "$playlist")
    mv "$folder"/init_*.mp4 "$folder/init.mp4"
    sed -i 's/#EXT-X-MAP:URI="init_[0-9]*\.mp4"/#EXT-X-MAP:URI="init.mp4"/' "$playlist"
  done
}

# Captions as an HLS SUBTITLES rendition of `dir`'s master playlist: one authored WebVTT file in a VOD
# playlist, marked as captions for the deaf and hard of hearing (the sample has no speech: the cues say
# what is heard, timed to it: a steady 440 Hz tone with a short 880 Hz beep at each whole second).
subtitles() { # dir
  local dir=$1
  mkdir -p "$dir/subtitles"
  cat >"$dir/subtitles/en.vtt" <<'VTT'
WEBVTT
X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000

1
00:00:00.000 --> 00:00:02.000
[A steady test tone hums]

2
00:00:02.000 --> 00:00:04.000
[A short, higher beep sounds every second]

3
00:00:04.000 --> 00:00:06.000
[The tone and the beeps go on to the end]
VTT
  cat >"$dir/subtitles/en.m3u8" <<M3U8
#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:${DURATION}
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:VOD
#EXTINF:${DURATION}.000000,
en.vtt
#EXT-X-ENDLIST
M3U8
  local media='#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English (captions)",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound",URI="subtitles/en.m3u8"'
  sed -i -e "/^#EXT-X-VERSION/a $media" -e '/^#EXT-X-STREAM-INF:/s/$/,SUBTITLES="subs"/' "$dir/index.m3u8"
}

# A frame of the source at 2 s, scaled to the size it is shown at (`-q:v 10`: same look, half the bytes of
# `-q:v 6`). The 16:9 poster is 640x360: a phone shows the player ~364 CSS px wide at 1.75x (Lighthouse's
# mobile device), and it is the overview page's largest paint there.
poster() { # width height output [shown-width shown-height]
  local args scale=()
  mapfile -t args < <(source_args "$1" "$2")
  [ -n "${4:-}" ] && scale=(-vf "scale=$4:$5:flags=lanczos")
  ff "${args[@]:0:4}" -ss 2 -frames:v 1 "${scale[@]}" -q:v 10 "$3"
}

# 16:9: the main sample.
poster 854 480 "$OUT/poster.jpg" 640 360
mp4 854 480 230 "$OUT/high.mp4"
mp4 640 360 140 "$OUT/medium.mp4"
mp4 426 240 75 "$OUT/low.mp4"
hls "$OUT/hls" 854:480:230 640:360:140 426:240:75
subtitles "$OUT/hls"

# 9:16: a phone-recorded testimonial, smaller (one mp4 size serves medium and low; two HLS renditions).
poster 360 640 "$OUT/vertical/poster.jpg"
mp4 360 640 140 "$OUT/vertical/high.mp4"
mp4 270 480 75 "$OUT/vertical/low.mp4"
hls "$OUT/vertical/hls" 360:640:140 270:480:75

# Avatars: gradient portraits with a monogram, in PNG and WebP (96x96, a few KB each).
avatar() { # name c0 c1 letters format
  still "gradients=s=96x96:c0=$2:c1=$3:x0=0:y0=0:x1=96:y1=96:seed=7:d=1,drawtext=fontfile=${FONT}:text='$4':fontcolor=white@0.92:fontsize=38:x=(w-tw)/2:y=(h-th)/2" \
    "$OUT/avatars/$1.$5"
}
avatar ada '#f97316' '#db2777' AL png
avatar grace '#0ea5e9' '#6366f1' GH png
avatar linus '#22c55e' '#0f766e' LT webp
avatar mae '#eab308' '#ea580c' MJ webp
avatar yusuf '#8b5cf6' '#1e3a8a' YK png
avatar noor '#14b8a6' '#0369a1' NH webp

# Two vector avatars (abstract head-and-shoulders), hand-written SVG.
svg_avatar() { # name background skin shirt
  cat >"$OUT/avatars/$1.svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="$2"/><circle cx="48" cy="38" r="18" fill="$3"/><path d="M14 96c2-20 16-32 34-32s32 12 34 32z" fill="$4"/></svg>
SVG
}
svg_avatar sam '#e0f2fe' '#f1c27d' '#1d4ed8'
svg_avatar ines '#fce7f3' '#8d5524' '#be185d'

# Company logos: SVG wordmarks (text falls back to the system sans-serif) and raster marks.
svg_logo() { # name colour label shape
  cat >"$OUT/logos/$1.svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><$4 fill="$2"/><text x="44" y="27" font-family="system-ui, sans-serif" font-size="18" font-weight="700" fill="$2">$3</text></svg>
SVG
}
svg_logo northwind '#0f766e' 'Northwind' 'circle cx="20" cy="20" r="14"'
svg_logo lumen '#7c3aed' 'Lumen Labs' 'rect x="6" y="6" width="28" height="28" rx="7"'
svg_logo kestrel '#b45309' 'Kestrel' 'path d="M6 32 20 6l14 26z"'

raster_logo() { # name c0 c1 format
  still "gradients=s=64x64:c0=$2:c1=$3:x0=0:y0=64:x1=64:y1=0:seed=3:d=1,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(lt(hypot(X-32,Y-32),28),255,0)'" \
    "$OUT/logos/$1.$4"
}
raster_logo orbit '#06b6d4' '#2563eb' png
raster_logo pinecone '#65a30d' '#166534' webp
raster_logo ember '#f43f5e' '#f59e0b' png

# Check: every video file decodes from start to end (ffprobe reads every packet; ffmpeg decodes).
for file in "$OUT"/*.mp4 "$OUT"/vertical/*.mp4 "$OUT"/hls/index.m3u8 "$OUT"/vertical/hls/index.m3u8; do
  duration=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$file")
  ffmpeg -v error -i "$file" -f null - || { echo "make-media: $file does not decode" >&2; exit 1; }
  echo "ok  $file  ${duration}s"
done
du -sh "$OUT"
