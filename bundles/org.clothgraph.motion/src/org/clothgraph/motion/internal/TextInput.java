package org.clothgraph.motion.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.clothgraph.model.InvalidInputException;

/**
 * Line-oriented tokenizer shared by the text readers, so every error can name the file and the line.
 * Numbers are parsed strictly (no NaN, Infinity, hex or Java suffixes) because mocap files must be plain decimals.
 */
public final class TextInput {
    private final String source;
    private final String[][] tokens;
    private int line; // 0-based index of the current line
    private int pos;  // index of the next token on it

    public TextInput(String source, String text) {
        this.source = source;
        String[] lines = text.split("\r\n|\r|\n", -1);
        tokens = new String[lines.length][];
        for (int i = 0; i < lines.length; i++) {
            String t = lines[i].trim();
            tokens[i] = t.isEmpty() ? new String[0] : t.split("[\\s]+");
        }
    }

    /** Reads the whole file leniently (bad bytes become U+FFFD and then fail as bad tokens). */
    public static String readFile(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new InvalidInputException(file, null, "cannot read file: " + e.getMessage(), e);
        }
    }

    public String source() { return source; }

    /** 1-based number of the line the last token came from (or the current line). */
    public int lineNumber() { return Math.min(line, tokens.length - 1) + 1; }

    public InvalidInputException error(String message) {
        return new InvalidInputException(source, "line " + lineNumber(), oneLine(message));
    }

    public InvalidInputException errorAt(int lineNumber, String message) {
        return new InvalidInputException(source, "line " + lineNumber, oneLine(message));
    }

    private static String oneLine(String m) {
        String s = m.replaceAll("[\\r\\n\\t]+", " ");
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    private void skipExhausted() {
        while (line < tokens.length && pos >= tokens[line].length) { line++; pos = 0; }
    }

    public boolean hasNext() {
        skipExhausted();
        return line < tokens.length;
    }

    public String peek() {
        skipExhausted();
        return line < tokens.length ? tokens[line][pos] : null;
    }

    public String next(String what) {
        skipExhausted();
        if (line >= tokens.length) {
            line = tokens.length - 1;
            throw error("unexpected end of file, expected " + what);
        }
        return tokens[line][pos++];
    }

    public void expect(String keyword) {
        String t = next(keyword);
        if (!t.equalsIgnoreCase(keyword)) throw error("expected '" + keyword + "' but found '" + clip(t) + "'");
    }

    /** Remaining tokens of the current line (after the ones consumed), moving to the next line. */
    public String[] restOfLine() {
        if (line >= tokens.length) return new String[0];
        String[] t = tokens[line];
        String[] r = java.util.Arrays.copyOfRange(t, Math.min(pos, t.length), t.length);
        pos = t.length;
        return r;
    }

    /** Next non-empty line's tokens (whole line), or null at end of input. */
    public String[] nextLine() {
        if (pos > 0) { line++; pos = 0; }
        while (line < tokens.length && tokens[line].length == 0) line++;
        if (line >= tokens.length) return null;
        String[] t = tokens[line];
        pos = t.length;
        return t;
    }

    public double nextDouble(String what) {
        return number(next(what), what);
    }

    public int nextInt(String what) {
        String t = next(what);
        if (!t.matches("[+]?\\d{1,9}")) throw error("expected a whole number for " + what + " but found '" + clip(t) + "'");
        return Integer.parseInt(t.startsWith("+") ? t.substring(1) : t);
    }

    /** Strict decimal parse; the error names what was being read. */
    public double number(String t, String what) {
        if (!isDecimal(t)) throw error("bad number '" + clip(t) + "' for " + what);
        double d = Double.parseDouble(t);
        if (!Double.isFinite(d)) throw error("number out of range '" + clip(t) + "' for " + what);
        return d;
    }

    public static String clip(String t) {
        return t.length() > 40 ? t.substring(0, 40) + "..." : t;
    }

    /** [+-]digits[.digits][(e|E)[+-]digits], also ".5" and "5." forms. */
    static boolean isDecimal(String s) {
        int i = 0, n = s.length();
        if (n == 0 || n > 64) return false;
        if (s.charAt(0) == '+' || s.charAt(0) == '-') i++;
        int digits = 0;
        while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') { i++; digits++; }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') { i++; digits++; }
        }
        if (digits == 0) return false;
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) i++;
            int e = 0;
            while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') { i++; e++; }
            if (e == 0) return false;
        }
        return i == n;
    }
}
