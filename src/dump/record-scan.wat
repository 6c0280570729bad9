;; The records a raw filter rules out, checked in bulk: `goOver` runs over consecutive records of
;; a dump, one a line, and proves each a JSON object that JSON.parse accepts (RFC 8259, UTF-8
;; per RFC 3629) without building it. It stops, leaving the rest to the reader in JavaScript, at
;; the first record it cannot settle alone: one that may hold a needle (its end reaches
;; `bound`), one starting at or past `limit`, one with a `\u` or `\/` escape (which may hide a
;; needle), one nested deeper than the stack, or one that is not plainly valid. `find` searches
;; for a needle 16 positions at a time; `pick` copies the members of a record that a reader
;; reads, checking it as `goOver` does. `npm run generate` compiles this file into
;; record-scan-wasm.ts.
(module
  (memory (export "memory") 1)

  ;; Bytes 0 to 4095 hold the stack of open containers (1: object, 2: array); the caller puts
  ;; the rest from FREE on: needles, names, and the bytes read, which at least 16 zero bytes
  ;; follow, so that a 16-byte load past their end reads bytes every state rejects.
  (global $FREE (export "FREE") i32 (i32.const 4096))
  (global $MAX_DEPTH i32 (i32.const 4096))

  (global $count (mut i32) (i32.const 0))

  ;; The records the last `goOver` went over.
  (func (export "skipped") (result i32)
    (global.get $count))

  ;; From `pos`, a record's first byte or the white space before it, to at most `end`: skips
  ;; the records that lie wholly before `bound` and start before `limit`, each `{...}`, then
  ;; spaces, tabs or carriage returns, a `,` when `comma` is set, the same again, then a line
  ;; break. Returns where it stopped: a record's first byte, or the end of the white space.
  ;; With `trust` (the caller's `trustInput`), a line ending in `}` is a record, unchecked.
  (func (export "goOver")
    (param $pos i32) (param $end i32) (param $limit i32) (param $bound i32) (param $comma i32)
    (param $trust i32)
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
        (local.set $after
          (if (result i32) (local.get $trust)
            (then (call $line (local.get $pos)))
            (else (call $container (local.get $pos)))))
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

  ;; Trusted input: the index after the last `}` of the line whose `{` is at `pos`, blanks after
  ;; it left out, or 0 when the line ends otherwise, or holds a `\u` or `\/` escape, or a zero.
  (func $line (param $pos i32) (result i32)
    (local $v v128)
    (local $mask i32)
    (local $c i32)
    (loop $chunk
      (local.set $v (v128.load align=1 (local.get $pos)))
      (local.set $mask
        (i8x16.bitmask
          (v128.or
            (v128.or
              (i8x16.eq (local.get $v) (v128.const i8x16 0x0a 0x0a 0x0a 0x0a 0x0a 0x0a 0x0a 0x0a 0x0a 0x0a 0x0a 0x0a 0x0a 0x0a 0x0a 0x0a))
              (i8x16.eq (local.get $v) (v128.const i8x16 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c)))
            (i8x16.eq (local.get $v) (v128.const i8x16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0)))))
      (if (i32.eqz (local.get $mask))
        (then
          (local.set $pos (i32.add (local.get $pos) (i32.const 16)))
          (br $chunk)))
      (local.set $pos (i32.add (local.get $pos) (i32.ctz (local.get $mask))))
      (local.set $c (i32.load8_u (local.get $pos)))
      (if (i32.eq (local.get $c) (i32.const 0x5c))
        (then
          (local.set $c (i32.load8_u offset=1 (local.get $pos)))
          (if (i32.or (i32.eq (local.get $c) (i32.const 0x75)) (i32.eq (local.get $c) (i32.const 0x2f)))
            (then (return (i32.const 0))))
          ;; A line break after a backslash still ends the line.
          (local.set $pos
            (i32.add (local.get $pos) (select (i32.const 1) (i32.const 2) (i32.eq (local.get $c) (i32.const 0x0a)))))
          (br $chunk))))
    (if (i32.eqz (local.get $c)) (then (return (i32.const 0))))
    ;; The line break: back over the blanks before it, to the `}`.
    (block $trimmed
      (loop $back
        (local.set $c (i32.load8_u offset=0 (i32.sub (local.get $pos) (i32.const 1))))
        (br_if $trimmed
          (i32.eqz
            (i32.or
              (i32.eq (local.get $c) (i32.const 0x20))
              (i32.or (i32.eq (local.get $c) (i32.const 0x09)) (i32.eq (local.get $c) (i32.const 0x0d))))))
        (local.set $pos (i32.sub (local.get $pos) (i32.const 1)))
        (br $back)))
    (select (local.get $pos) (i32.const 0) (i32.eq (local.get $c) (i32.const 0x7d))))

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

  ;; The index after the object or array whose `{` or `[` is at `pos`, or 0 when it is not one
  ;; to skip. A line break inside is refused: a record of a line ends on it. Two loops take
  ;; turns, one at a value, one after it; the stack says what encloses them.
  (func $container (param $pos i32) (result i32)
    (local $c i32)
    (local $mask i32)
    (local $v v128)
    (local $depth i32)
    (local $top i32)
    (local.set $top (select (i32.const 1) (i32.const 2) (i32.eq (i32.load8_u (local.get $pos)) (i32.const 0x7b))))
    (i32.store8 (i32.const 0) (local.get $top))
    (local.set $depth (i32.const 1))
    ;; The first member's name or value, or the closing bracket of an empty one.
    (local.set $pos (call $blanks (i32.add (local.get $pos) (i32.const 1))))
    (if (i32.eq (i32.load8_u (local.get $pos)) (select (i32.const 0x7d) (i32.const 0x5d) (i32.eq (local.get $top) (i32.const 1))))
      (then (return (i32.add (local.get $pos) (i32.const 1)))))
    (if (i32.eq (local.get $top) (i32.const 1))
      (then
        (local.set $pos (call $member (local.get $pos)))
        (if (i32.eqz (local.get $pos)) (then (return (i32.const 0))))))
    (loop $value
      (block $afterValue
        (local.set $c (i32.load8_u (local.get $pos)))
        (if (i32.eq (local.get $c) (i32.const 0x22))
          (then
            (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
            (block $valueClosed
              (loop $valueClosedChunk
                (local.set $mask (i8x16.bitmask
                  (v128.or
                    (v128.or
                      (i8x16.eq (local.tee $v (v128.load align=1 (local.get $pos))) (v128.const i8x16 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22))
                      (i8x16.eq (local.get $v) (v128.const i8x16 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c)))
                    (i8x16.lt_s (local.get $v) (v128.const i8x16 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20)))))
                (if (i32.eqz (local.get $mask))
                  (then
                    (local.set $pos (i32.add (local.get $pos) (i32.const 16)))
                    (br $valueClosedChunk)))
                (local.set $pos (i32.add (local.get $pos) (i32.ctz (local.get $mask))))
                (br_if $valueClosed (i32.eq (i32.load8_u (local.get $pos)) (i32.const 0x22)))
                (local.set $pos (call $stringFrom (local.get $pos)))
                (if (i32.eqz (local.get $pos)) (then (return (i32.const 0))))))
            (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
            (br $afterValue)))
        (if (i32.lt_u (i32.sub (local.get $c) (i32.const 0x30)) (i32.const 10))
          (then
            ;; A number, its integer digits inline (no more after a leading 0).
            (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
            (if (i32.ne (local.get $c) (i32.const 0x30))
              (then
                (loop $integer
                  (if (i32.lt_u (i32.sub (i32.load8_u (local.get $pos)) (i32.const 0x30)) (i32.const 10))
                    (then
                      (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
                      (br $integer))))))
            (local.set $c (i32.load8_u (local.get $pos)))
            (br_if $afterValue
              (i32.and (i32.ne (local.get $c) (i32.const 0x2e)) (i32.ne (i32.or (local.get $c) (i32.const 0x20)) (i32.const 0x65))))
            (local.set $pos (call $fraction (local.get $pos)))
            (br_if $afterValue (local.get $pos))
            (return (i32.const 0))))
        (if (i32.or (i32.eq (local.get $c) (i32.const 0x7b)) (i32.eq (local.get $c) (i32.const 0x5b)))
          (then
            (if (i32.ge_u (local.get $depth) (global.get $MAX_DEPTH)) (then (return (i32.const 0))))
            (local.set $top (select (i32.const 1) (i32.const 2) (i32.eq (local.get $c) (i32.const 0x7b))))
            (i32.store8 (local.get $depth) (local.get $top))
            (local.set $depth (i32.add (local.get $depth) (i32.const 1)))
            (local.set $pos (call $blanks (i32.add (local.get $pos) (i32.const 1))))
            (local.set $c (i32.load8_u (local.get $pos)))
            ;; Empty: its closing bracket is read after it, as after a value.
            (br_if $afterValue
              (i32.eq (local.get $c) (select (i32.const 0x7d) (i32.const 0x5d) (i32.eq (local.get $top) (i32.const 1)))))
            (if (i32.eq (local.get $top) (i32.const 1))
              (then
                (local.set $pos (call $member (local.get $pos)))
                (if (i32.eqz (local.get $pos)) (then (return (i32.const 0))))))
            (br $value)))
        (if (i32.eq (local.get $c) (i32.const 0x2d))
          (then
            (local.set $pos (call $number (local.get $pos)))
            (br_if $afterValue (local.get $pos))
            (return (i32.const 0))))
        ;; true, false, null
        (if (i32.eq (i32.load (local.get $pos)) (i32.const 0x65757274))
          (then
            (local.set $pos (i32.add (local.get $pos) (i32.const 4)))
            (br $afterValue)))
        (if (i32.eq (i32.load (local.get $pos)) (i32.const 0x6c6c756e))
          (then
            (local.set $pos (i32.add (local.get $pos) (i32.const 4)))
            (br $afterValue)))
        (if (i32.and
              (i32.eq (i32.load (local.get $pos)) (i32.const 0x736c6166))
              (i32.eq (i32.load8_u offset=4 (local.get $pos)) (i32.const 0x65)))
          (then
            (local.set $pos (i32.add (local.get $pos) (i32.const 5)))
            (br $afterValue)))
        (return (i32.const 0)))
      ;; After a value: `,` and the next one, or the closing bracket of the container it is in.
      (loop $after
        (local.set $c (i32.load8_u (local.get $pos)))
        (if (i32.le_u (local.get $c) (i32.const 0x20))
          (then
            (local.set $pos (call $blanks (local.get $pos)))
            (local.set $c (i32.load8_u (local.get $pos)))))
        (if (i32.eq (local.get $c) (i32.const 0x2c))
          (then
            (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
            (if (i32.le_u (i32.load8_u (local.get $pos)) (i32.const 0x20))
              (then (local.set $pos (call $blanks (local.get $pos)))))
            (br_if $value (i32.ne (local.get $top) (i32.const 1)))
            ;; The next member's name, inline: most of a record's strings are names.
            (if (i32.ne (i32.load8_u (local.get $pos)) (i32.const 0x22)) (then (return (i32.const 0))))
            (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
            (block $nameClosed
              (loop $nameClosedChunk
                (local.set $mask (i8x16.bitmask
                  (v128.or
                    (v128.or
                      (i8x16.eq (local.tee $v (v128.load align=1 (local.get $pos))) (v128.const i8x16 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22))
                      (i8x16.eq (local.get $v) (v128.const i8x16 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c)))
                    (i8x16.lt_s (local.get $v) (v128.const i8x16 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20)))))
                (if (i32.eqz (local.get $mask))
                  (then
                    (local.set $pos (i32.add (local.get $pos) (i32.const 16)))
                    (br $nameClosedChunk)))
                (local.set $pos (i32.add (local.get $pos) (i32.ctz (local.get $mask))))
                (br_if $nameClosed (i32.eq (i32.load8_u (local.get $pos)) (i32.const 0x22)))
                (local.set $pos (call $stringFrom (local.get $pos)))
                (if (i32.eqz (local.get $pos)) (then (return (i32.const 0))))))
            (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
            (if (i32.le_u (i32.load8_u (local.get $pos)) (i32.const 0x20))
              (then (local.set $pos (call $blanks (local.get $pos)))))
            (if (i32.ne (i32.load8_u (local.get $pos)) (i32.const 0x3a)) (then (return (i32.const 0))))
            (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
            (if (i32.le_u (i32.load8_u (local.get $pos)) (i32.const 0x20))
              (then (local.set $pos (call $blanks (local.get $pos)))))
            (br $value)))
        (if (i32.ne (local.get $c) (select (i32.const 0x7d) (i32.const 0x5d) (i32.eq (local.get $top) (i32.const 1))))
          (then (return (i32.const 0))))
        (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
        (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))
        (if (i32.eqz (local.get $depth)) (then (return (local.get $pos))))
        (local.set $top (i32.load8_u (i32.sub (local.get $depth) (i32.const 1))))
        (br $after)))
    (i32.const 0))

  ;; The index after the value at `pos`, or 0.
  (func $value (param $pos i32) (result i32)
    (local $c i32)
    (local.set $c (i32.load8_u (local.get $pos)))
    (if (i32.eq (local.get $c) (i32.const 0x22)) (then (return (call $string (local.get $pos)))))
    (if (i32.or (i32.eq (local.get $c) (i32.const 0x7b)) (i32.eq (local.get $c) (i32.const 0x5b)))
      (then (return (call $container (local.get $pos)))))
    (if (i32.or (i32.eq (local.get $c) (i32.const 0x2d)) (i32.lt_u (i32.sub (local.get $c) (i32.const 0x30)) (i32.const 10)))
      (then (return (call $number (local.get $pos)))))
    (if (i32.or
          (i32.eq (i32.load (local.get $pos)) (i32.const 0x65757274))
          (i32.eq (i32.load (local.get $pos)) (i32.const 0x6c6c756e)))
      (then (return (i32.add (local.get $pos) (i32.const 4)))))
    (if (i32.and
          (i32.eq (i32.load (local.get $pos)) (i32.const 0x736c6166))
          (i32.eq (i32.load8_u offset=4 (local.get $pos)) (i32.const 0x65)))
      (then (return (i32.add (local.get $pos) (i32.const 5)))))
    (i32.const 0))

  ;; Where the texts the last `pick` wrote end.
  (global $picked1 (mut i32) (i32.const 0))
  (global $picked2 (mut i32) (i32.const 0))
  (func (export "picked1") (result i32) (global.get $picked1))
  (func (export "picked2") (result i32) (global.get $picked2))

  ;; Checks the object whose `{` is at `pos` as `goOver` does, and writes two objects of its
  ;; members, at `out1` and `out2`: those named in the table at `names` (`count` entries of an
  ;; address, a length, the bytes between a name's quotes, and whether the name is for the
  ;; first text, 1, the second, 2, or both, 3), in the record's order and as it spells them:
  ;; the texts JSON.parse reads into the values those names have in the record. Returns the
  ;; index after the object, or 0; `picked1` and `picked2` give the ends of the texts.
  (func (export "pick") (param $pos i32) (param $out1 i32) (param $out2 i32) (param $names i32) (param $count i32)
    (result i32)
    (local $start i32)
    (local $keyEnd i32)
    (local $end i32)
    (local $k i32)
    (local $name i32)
    (local $length i32)
    (local $sets i32)
    (local $written i32)
    (local $c i32)
    (i32.store8 (local.get $out1) (i32.const 0x7b))
    (i32.store8 (local.get $out2) (i32.const 0x7b))
    (local.set $out1 (i32.add (local.get $out1) (i32.const 1)))
    (local.set $out2 (i32.add (local.get $out2) (i32.const 1)))
    (local.set $pos (call $blanks (i32.add (local.get $pos) (i32.const 1))))
    (if (i32.ne (i32.load8_u (local.get $pos)) (i32.const 0x7d))
      (then
        (loop $members
          (local.set $start (local.get $pos))
          (if (i32.ne (i32.load8_u (local.get $pos)) (i32.const 0x22)) (then (return (i32.const 0))))
          (local.set $keyEnd (call $string (local.get $pos)))
          (if (i32.eqz (local.get $keyEnd)) (then (return (i32.const 0))))
          (local.set $pos (call $blanks (local.get $keyEnd)))
          (if (i32.ne (i32.load8_u (local.get $pos)) (i32.const 0x3a)) (then (return (i32.const 0))))
          (local.set $end (call $value (call $blanks (i32.add (local.get $pos) (i32.const 1)))))
          (if (i32.eqz (local.get $end)) (then (return (i32.const 0))))
          ;; The texts the name is for, if the table has it.
          (local.set $length (i32.sub (local.get $keyEnd) (i32.add (local.get $start) (i32.const 2))))
          (local.set $sets (i32.const 0))
          (local.set $k (i32.const 0))
          (block $found
            (loop $search
              (br_if $found (i32.ge_u (local.get $k) (local.get $count)))
              (local.set $name (i32.add (local.get $names) (i32.mul (local.get $k) (i32.const 12))))
              (if (i32.eq (i32.load offset=4 (local.get $name)) (local.get $length))
                (then
                  (if (call $same (i32.load (local.get $name)) (i32.add (local.get $start) (i32.const 1)) (local.get $length))
                    (then
                      (local.set $sets (i32.load offset=8 (local.get $name)))
                      (br $found)))))
              (local.set $k (i32.add (local.get $k) (i32.const 1)))
              (br $search)))
          (local.set $length (i32.sub (local.get $end) (local.get $start)))
          (if (i32.and (local.get $sets) (i32.const 1))
            (then (local.set $out1 (call $append (local.get $out1) (local.get $start) (local.get $length)))))
          (if (i32.and (local.get $sets) (i32.const 2))
            (then (local.set $out2 (call $append (local.get $out2) (local.get $start) (local.get $length)))))
          (local.set $pos (call $blanks (local.get $end)))
          (local.set $c (i32.load8_u (local.get $pos)))
          (if (i32.eq (local.get $c) (i32.const 0x2c))
            (then
              (local.set $pos (call $blanks (i32.add (local.get $pos) (i32.const 1))))
              (br $members)))
          (if (i32.ne (local.get $c) (i32.const 0x7d)) (then (return (i32.const 0)))))))
    (global.set $picked1 (call $close (local.get $out1)))
    (global.set $picked2 (call $close (local.get $out2)))
    (i32.add (local.get $pos) (i32.const 1)))

  ;; Appends the `length` bytes at `from` to the text that ends at `out`, after a "," unless it
  ;; holds only its "{"; returns its new end.
  (func $append (param $out i32) (param $from i32) (param $length i32) (result i32)
    (if (i32.ne (i32.load8_u offset=0 (i32.sub (local.get $out) (i32.const 1))) (i32.const 0x7b))
      (then
        (i32.store8 (local.get $out) (i32.const 0x2c))
        (local.set $out (i32.add (local.get $out) (i32.const 1)))))
    (memory.copy (local.get $out) (local.get $from) (local.get $length))
    (i32.add (local.get $out) (local.get $length)))

  ;; Writes the "}" that ends the text that ends at `out`; returns its new end.
  (func $close (param $out i32) (result i32)
    (i32.store8 (local.get $out) (i32.const 0x7d))
    (i32.add (local.get $out) (i32.const 1)))

  ;; Whether the `length` bytes at `a` and at `b` are the same.
  (func $same (param $a i32) (param $b i32) (param $length i32) (result i32)
    (local $k i32)
    (block $differs
      (loop $next
        (if (i32.ge_u (local.get $k) (local.get $length)) (then (return (i32.const 1))))
        (br_if $differs
          (i32.ne
            (i32.load8_u (i32.add (local.get $a) (local.get $k)))
            (i32.load8_u (i32.add (local.get $b) (local.get $k)))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $next)))
    (i32.const 0))

  ;; The index after a member's name at `pos`, its `:` and the blanks after it, or 0.
  (func $member (param $pos i32) (result i32)
    (if (i32.ne (i32.load8_u (local.get $pos)) (i32.const 0x22)) (then (return (i32.const 0))))
    (local.set $pos (call $string (local.get $pos)))
    (if (i32.eqz (local.get $pos)) (then (return (i32.const 0))))
    (local.set $pos (call $blanks (local.get $pos)))
    (if (i32.ne (i32.load8_u (local.get $pos)) (i32.const 0x3a)) (then (return (i32.const 0))))
    (call $blanks (i32.add (local.get $pos) (i32.const 1))))

  ;; The index after the string whose `"` is at `pos`, or 0: a control character, an escape
  ;; JSON does not have, a `\u` or `\/`, or bytes that are not UTF-8.
  (func $string (param $pos i32) (result i32)
    (local.set $pos (call $stringFrom (i32.add (local.get $pos) (i32.const 1))))
    (select (i32.add (local.get $pos) (i32.const 1)) (i32.const 0) (local.get $pos)))

  ;; Which of the 16 bytes at `pos` are `"`, `\`, or (compared as signed) below 0x20 or from
  ;; 0x80 on: the bytes a string cannot hold as they are.
  (func $specials (param $pos i32) (result i32)
    (local $v v128)
    (local.set $v (v128.load align=1 (local.get $pos)))
    (i8x16.bitmask
      (v128.or
        (v128.or
          (i8x16.eq (local.get $v) (v128.const i8x16 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22 0x22))
          (i8x16.eq (local.get $v) (v128.const i8x16 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c 0x5c)))
        (i8x16.lt_s (local.get $v) (v128.const i8x16 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20 0x20)))))

  ;; From `pos` inside a string, the index of its closing `"`, or 0 as `string` refuses it.
  (func $stringFrom (param $pos i32) (result i32)
    (local $mask i32)
    (local $c i32)
    (local $c1 i32)
    (loop $chunk
      (local.set $mask (call $specials (local.get $pos)))
      (if (i32.eqz (local.get $mask))
        (then
          (local.set $pos (i32.add (local.get $pos) (i32.const 16)))
          (br $chunk)))
      (local.set $pos (i32.add (local.get $pos) (i32.ctz (local.get $mask))))
      (local.set $c (i32.load8_u (local.get $pos)))
      (if (i32.eq (local.get $c) (i32.const 0x22))
        (then (return (local.get $pos))))
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
    (call $fraction (local.get $pos)))

  ;; The index after the fraction and exponent, if any, of a number at `pos`, or 0.
  (func $fraction (param $pos i32) (result i32)
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
