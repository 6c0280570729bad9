;; The records a raw filter rules out, checked in bulk: `skip` runs over consecutive records of
;; a dump, one a line, and proves each a JSON object that JSON.parse accepts (RFC 8259, UTF-8
;; per RFC 3629) without building it. It stops, leaving the rest to the reader in JavaScript, at
;; the first record it cannot settle alone: one that may hold a needle (its end reaches
;; `bound`), one starting at or past `limit`, one with a `\u` or `\/` escape (which may hide a
;; needle), one nested deeper than the stack, or one that is not plainly valid.
;; `npm run generate` compiles this file into record-scan-wasm.ts.
(module
  (memory (export "memory") 1)

  ;; Bytes 0 to 4095 hold the stack of open containers (1: object, 2: array); the bytes read
  ;; start at DATA, and at least 16 zero bytes follow them, so a 16-byte load past their end
  ;; reads bytes every state rejects.
  (global $DATA (export "DATA") i32 (i32.const 4096))
  (global $MAX_DEPTH i32 (i32.const 4096))

  (global $count (mut i32) (i32.const 0))

  ;; The records the last `skip` went over.
  (func (export "skipped") (result i32)
    (global.get $count))

  ;; From `pos`, a record's first byte or the white space before it, to at most `end`: skips
  ;; the records that lie wholly before `bound` and start before `limit`, each `{...}`, then
  ;; spaces, tabs or carriage returns, a `,` when `comma` is set, the same again, then a line
  ;; break. Returns where it stopped: a record's first byte, or the end of the white space.
  (func (export "skip")
    (param $pos i32) (param $end i32) (param $limit i32) (param $bound i32) (param $comma i32)
    (result i32)
    (local $c i32)
    (local $start i32)
    (local $after i32)
    (global.set $count (i32.const 0))
    (block $stop
      (loop $records
        ;; White space, line breaks included, up to the next record.
        (block $spaced
          (loop $space
            (br_if $spaced (i32.ge_u (local.get $pos) (local.get $end)))
            (local.set $c (i32.load8_u (local.get $pos)))
            (br_if $spaced
              (i32.eqz
                (i32.or
                  (i32.or (i32.eq (local.get $c) (i32.const 0x20)) (i32.eq (local.get $c) (i32.const 0x0a)))
                  (i32.or (i32.eq (local.get $c) (i32.const 0x0d)) (i32.eq (local.get $c) (i32.const 0x09))))))
            (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
            (br $space)))
        (br_if $stop (i32.ge_u (local.get $pos) (local.get $end)))
        (br_if $stop (i32.ge_u (local.get $pos) (local.get $limit)))
        (br_if $stop (i32.ne (local.get $c) (i32.const 0x7b)))
        (local.set $start (local.get $pos))
        (local.set $after (call $object (local.get $pos)))
        (if (i32.eqz (local.get $after)) (then (return (local.get $start))))
        (if (i32.ge_u (local.get $after) (local.get $bound)) (then (return (local.get $start))))
        (local.set $pos (call $blanks (local.get $after)))
        (if (local.get $comma)
          (then
            (if (i32.ne (i32.load8_u (local.get $pos)) (i32.const 0x2c))
              (then (return (local.get $start))))
            (local.set $pos (call $blanks (i32.add (local.get $pos) (i32.const 1))))))
        (if (i32.ne (i32.load8_u (local.get $pos)) (i32.const 0x0a))
          (then (return (local.get $start))))
        (if (i32.ge_u (local.get $pos) (local.get $end)) (then (return (local.get $start))))
        (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
        (global.set $count (i32.add (global.get $count) (i32.const 1)))
        (br $records)))
    (local.get $pos))

  ;; The first index from `pos` on where the `len` bytes at `needle` occur and end by `end`, or
  ;; -1. Positions are compared 16 at a time on two of the needle's bytes, at offsets `at1` and
  ;; `at2` (its rarest, chosen by the caller), then each candidate byte by byte (Mula's SIMD
  ;; substring search); loads reach at most 15 bytes past `end`.
  (func (export "find")
    (param $needle i32) (param $len i32) (param $pos i32) (param $end i32) (param $at1 i32) (param $at2 i32)
    (result i32)
    (local $first v128)
    (local $second v128)
    (local $mask i32)
    (local $at i32)
    (local $last i32)
    (local $k i32)
    (if (i32.gt_u (i32.add (local.get $pos) (local.get $len)) (local.get $end)) (then (return (i32.const -1))))
    (local.set $last (i32.sub (local.get $end) (local.get $len)))
    (local.set $first (i8x16.splat (i32.load8_u (i32.add (local.get $needle) (local.get $at1)))))
    (local.set $second (i8x16.splat (i32.load8_u (i32.add (local.get $needle) (local.get $at2)))))
    (loop $block
      (local.set $mask
        (i8x16.bitmask
          (v128.and
            (i8x16.eq (v128.load align=1 (i32.add (local.get $pos) (local.get $at1))) (local.get $first))
            (i8x16.eq (v128.load align=1 (i32.add (local.get $pos) (local.get $at2))) (local.get $second)))))
      (block $none
        (loop $candidates
          (br_if $none (i32.eqz (local.get $mask)))
          (local.set $at (i32.add (local.get $pos) (i32.ctz (local.get $mask))))
          (if (i32.gt_u (local.get $at) (local.get $last)) (then (return (i32.const -1))))
          (local.set $k (i32.const 0))
          (block $differs
            (loop $compare
              (br_if $differs
                (i32.ne
                  (i32.load8_u (i32.add (local.get $at) (local.get $k)))
                  (i32.load8_u (i32.add (local.get $needle) (local.get $k)))))
              (local.set $k (i32.add (local.get $k) (i32.const 1)))
              (if (i32.eq (local.get $k) (local.get $len)) (then (return (local.get $at))))
              (br $compare)))
          (local.set $mask (i32.and (local.get $mask) (i32.sub (local.get $mask) (i32.const 1))))
          (br $candidates)))
      (local.set $pos (i32.add (local.get $pos) (i32.const 16)))
      (br_if $block (i32.le_u (local.get $pos) (local.get $last))))
    (i32.const -1))

  ;; The index after the spaces, tabs and carriage returns at `pos`.
  (func $blanks (param $pos i32) (result i32)
    (local $c i32)
    (block $done
      (loop $more
        (local.set $c (i32.load8_u (local.get $pos)))
        (br_if $done
          (i32.eqz
            (i32.or
              (i32.eq (local.get $c) (i32.const 0x20))
              (i32.or (i32.eq (local.get $c) (i32.const 0x09)) (i32.eq (local.get $c) (i32.const 0x0d))))))
        (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
        (br $more)))
    (local.get $pos))

  ;; The index after the object whose `{` is at `pos`, or 0 when it is not one to skip. A line
  ;; break inside is refused: a record of a line ends on it.
  (func $object (param $pos i32) (result i32)
    (local $c i32)
    (local $depth i32)
    (local $state i32)
    (local $top i32)
    ;; States: 0 a value; 1 a member name or `}`; 2 a member name; 3 after a value; 4 a value
    ;; or `]`.
    (i32.store8 (i32.const 0) (i32.const 1))
    (local.set $depth (i32.const 1))
    (local.set $state (i32.const 1))
    (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
    (loop $next
      (local.set $c (i32.load8_u (local.get $pos)))
      (if (i32.or
            (i32.eq (local.get $c) (i32.const 0x20))
            (i32.or (i32.eq (local.get $c) (i32.const 0x09)) (i32.eq (local.get $c) (i32.const 0x0d))))
        (then
          (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
          (br $next)))
      (block $afterValue
        (block $name
          (block $nameOrClose
            (block $value
              (block $valueOrClose
                (br_table $value $nameOrClose $name $afterValue $valueOrClose (local.get $state)))
              ;; A value or `]`.
              (if (i32.eq (local.get $c) (i32.const 0x5d))
                (then
                  (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
                  (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))
                  (local.set $state (i32.const 3))
                  (br $next))))
            ;; A value.
            (local.set $state (i32.const 3))
            (if (i32.eq (local.get $c) (i32.const 0x22))
              (then
                (local.set $pos (call $string (local.get $pos)))
                (br_if $next (local.get $pos))
                (return (i32.const 0))))
            (if (i32.or (i32.eq (local.get $c) (i32.const 0x7b)) (i32.eq (local.get $c) (i32.const 0x5b)))
              (then
                (if (i32.ge_u (local.get $depth) (global.get $MAX_DEPTH)) (then (return (i32.const 0))))
                (i32.store8 (local.get $depth) (select (i32.const 1) (i32.const 2) (i32.eq (local.get $c) (i32.const 0x7b))))
                (local.set $depth (i32.add (local.get $depth) (i32.const 1)))
                (local.set $state (select (i32.const 1) (i32.const 4) (i32.eq (local.get $c) (i32.const 0x7b))))
                (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
                (br $next)))
            (if (i32.or (i32.eq (local.get $c) (i32.const 0x2d)) (i32.lt_u (i32.sub (local.get $c) (i32.const 0x30)) (i32.const 10)))
              (then
                (local.set $pos (call $number (local.get $pos)))
                (br_if $next (local.get $pos))
                (return (i32.const 0))))
            ;; true, false, null
            (if (i32.eq (i32.load (local.get $pos)) (i32.const 0x65757274))
              (then
                (local.set $pos (i32.add (local.get $pos) (i32.const 4)))
                (br $next)))
            (if (i32.eq (i32.load (local.get $pos)) (i32.const 0x6c6c756e))
              (then
                (local.set $pos (i32.add (local.get $pos) (i32.const 4)))
                (br $next)))
            (if (i32.and
                  (i32.eq (i32.load (local.get $pos)) (i32.const 0x736c6166))
                  (i32.eq (i32.load8_u offset=4 (local.get $pos)) (i32.const 0x65)))
              (then
                (local.set $pos (i32.add (local.get $pos) (i32.const 5)))
                (br $next)))
            (return (i32.const 0)))
          ;; A member name or `}`.
          (if (i32.eq (local.get $c) (i32.const 0x7d))
            (then
              (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
              (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))
              (if (i32.eqz (local.get $depth)) (then (return (local.get $pos))))
              (local.set $state (i32.const 3))
              (br $next))))
        ;; A member name, then `:`.
        (if (i32.ne (local.get $c) (i32.const 0x22)) (then (return (i32.const 0))))
        (local.set $pos (call $string (local.get $pos)))
        (if (i32.eqz (local.get $pos)) (then (return (i32.const 0))))
        (local.set $pos (call $blanks (local.get $pos)))
        (if (i32.ne (i32.load8_u (local.get $pos)) (i32.const 0x3a)) (then (return (i32.const 0))))
        (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
        (local.set $state (i32.const 0))
        (br $next))
      ;; After a value: `,` or the closing bracket of the container it is in.
      (local.set $top (i32.load8_u (i32.sub (local.get $depth) (i32.const 1))))
      (if (i32.eq (local.get $c) (i32.const 0x2c))
        (then
          (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
          (local.set $state (select (i32.const 2) (i32.const 0) (i32.eq (local.get $top) (i32.const 1))))
          (br $next)))
      (if (i32.eq (local.get $c) (select (i32.const 0x7d) (i32.const 0x5d) (i32.eq (local.get $top) (i32.const 1))))
        (then
          (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
          (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))
          (if (i32.eqz (local.get $depth)) (then (return (local.get $pos))))
          (br $next))))
    (i32.const 0))

  ;; The index after the string whose `"` is at `pos`, or 0: a control character, an escape
  ;; JSON does not have, a `\u` or `\/`, or bytes that are not UTF-8.
  (func $string (param $pos i32) (result i32)
    (local $v v128)
    (local $mask i32)
    (local $c i32)
    (local $c1 i32)
    (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
    (loop $chunk
      ;; `"`, `\`, and (compared as signed) bytes below 0x20 or from 0x80 on.
      (local.set $v (v128.load align=1 (local.get $pos)))
      (local.set $mask
        (i8x16.bitmask
          (v128.or
            (v128.or
              (i8x16.eq (local.get $v) (v128.const i8x16 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22))
              (i8x16.eq (local.get $v) (v128.const i8x16 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c)))
            (i8x16.lt_s (local.get $v) (v128.const i8x16 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20)))))
      (if (i32.eqz (local.get $mask))
        (then
          (local.set $pos (i32.add (local.get $pos) (i32.const 16)))
          (br $chunk)))
      (local.set $pos (i32.add (local.get $pos) (i32.ctz (local.get $mask))))
      (local.set $c (i32.load8_u (local.get $pos)))
      (if (i32.eq (local.get $c) (i32.const 0x22))
        (then (return (i32.add (local.get $pos) (i32.const 1)))))
      (local.set $c1 (i32.load8_u offset=1 (local.get $pos)))
      (if (i32.eq (local.get $c) (i32.const 0x5c))
        (then
          ;; `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`.
          (if (i32.or
                (i32.or
                  (i32.or (i32.eq (local.get $c1) (i32.const 0x22)) (i32.eq (local.get $c1) (i32.const 0x5c)))
                  (i32.or (i32.eq (local.get $c1) (i32.const 0x62)) (i32.eq (local.get $c1) (i32.const 0x66))))
                (i32.or
                  (i32.eq (local.get $c1) (i32.const 0x6e))
                  (i32.or (i32.eq (local.get $c1) (i32.const 0x72)) (i32.eq (local.get $c1) (i32.const 0x74)))))
            (then
              (local.set $pos (i32.add (local.get $pos) (i32.const 2)))
              (br $chunk)))
          (return (i32.const 0))))
      (if (i32.lt_u (local.get $c) (i32.const 0x80)) (then (return (i32.const 0))))
      ;; UTF-8: no overlong form, no surrogate, nothing past U+10FFFF.
      (if (i32.lt_u (i32.sub (local.get $c) (i32.const 0xc2)) (i32.const 0x1e))
        (then
          (if (i32.ne (i32.and (local.get $c1) (i32.const 0xc0)) (i32.const 0x80)) (then (return (i32.const 0))))
          (local.set $pos (i32.add (local.get $pos) (i32.const 2)))
          (br $chunk)))
      (if (i32.lt_u (i32.sub (local.get $c) (i32.const 0xe0)) (i32.const 0x10))
        (then
          (if (i32.lt_u (local.get $c1) (select (i32.const 0xa0) (i32.const 0x80) (i32.eq (local.get $c) (i32.const 0xe0))))
            (then (return (i32.const 0))))
          (if (i32.gt_u (local.get $c1) (select (i32.const 0x9f) (i32.const 0xbf) (i32.eq (local.get $c) (i32.const 0xed))))
            (then (return (i32.const 0))))
          (if (i32.ne (i32.and (i32.load8_u offset=2 (local.get $pos)) (i32.const 0xc0)) (i32.const 0x80))
            (then (return (i32.const 0))))
          (local.set $pos (i32.add (local.get $pos) (i32.const 3)))
          (br $chunk)))
      (if (i32.lt_u (i32.sub (local.get $c) (i32.const 0xf0)) (i32.const 5))
        (then
          (if (i32.lt_u (local.get $c1) (select (i32.const 0x90) (i32.const 0x80) (i32.eq (local.get $c) (i32.const 0xf0))))
            (then (return (i32.const 0))))
          (if (i32.gt_u (local.get $c1) (select (i32.const 0x8f) (i32.const 0xbf) (i32.eq (local.get $c) (i32.const 0xf4))))
            (then (return (i32.const 0))))
          (if (i32.ne (i32.and (i32.load8_u offset=2 (local.get $pos)) (i32.const 0xc0)) (i32.const 0x80))
            (then (return (i32.const 0))))
          (if (i32.ne (i32.and (i32.load8_u offset=3 (local.get $pos)) (i32.const 0xc0)) (i32.const 0x80))
            (then (return (i32.const 0))))
          (local.set $pos (i32.add (local.get $pos) (i32.const 4)))
          (br $chunk))))
    (i32.const 0))

  ;; The index after the number at `pos` (RFC 8259), or 0.
  (func $number (param $pos i32) (result i32)
    (if (i32.eq (i32.load8_u (local.get $pos)) (i32.const 0x2d))
      (then (local.set $pos (i32.add (local.get $pos) (i32.const 1)))))
    (if (i32.eq (i32.load8_u (local.get $pos)) (i32.const 0x30))
      (then (local.set $pos (i32.add (local.get $pos) (i32.const 1))))
      (else
        (local.set $pos (call $digits (local.get $pos)))
        (if (i32.eqz (local.get $pos)) (then (return (i32.const 0))))))
    (if (i32.eq (i32.load8_u (local.get $pos)) (i32.const 0x2e))
      (then
        (local.set $pos (call $digits (i32.add (local.get $pos) (i32.const 1))))
        (if (i32.eqz (local.get $pos)) (then (return (i32.const 0))))))
    (if (i32.eq (i32.or (i32.load8_u (local.get $pos)) (i32.const 0x20)) (i32.const 0x65))
      (then
        (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
        (if (i32.or
              (i32.eq (i32.load8_u (local.get $pos)) (i32.const 0x2b))
              (i32.eq (i32.load8_u (local.get $pos)) (i32.const 0x2d)))
          (then (local.set $pos (i32.add (local.get $pos) (i32.const 1)))))
        (local.set $pos (call $digits (local.get $pos)))))
    (local.get $pos))

  ;; The index after one or more digits at `pos`, or 0 when none is there.
  (func $digits (param $pos i32) (result i32)
    (local $start i32)
    (local.set $start (local.get $pos))
    (block $done
      (loop $more
        (br_if $done (i32.ge_u (i32.sub (i32.load8_u (local.get $pos)) (i32.const 0x30)) (i32.const 10)))
        (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
        (br $more)))
    (select (local.get $pos) (i32.const 0) (i32.gt_u (local.get $pos) (local.get $start))))
)
