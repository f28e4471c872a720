package org.clothgraph.sim.io;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * ARCSim's JSON dialect: a small strict reader/writer for its scene and fabric files. Values map to {@link Map} (insertion
 * ordered), {@link List}, {@link String}, {@link Double} (all numbers), {@link Boolean} and {@link #NULL}.
 * The reader accepts {@code //} line and {@code /* *}{@code /} block comments (as ARCSim's JsonCpp does) and
 * rejects everything else that is not strict JSON (trailing commas, single quotes, NaN, duplicate keys,
 * trailing content). Errors are {@link IllegalArgumentException}s with line and column.
 */
public final class ArcsimJson {

    /** The JSON null literal. */
    public static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    private final String s;
    private int i;

    private ArcsimJson(String s) {
        this.s = s;
    }

    /** Parses one JSON document (comments allowed). */
    public static Object parse(String text) {
        ArcsimJson p = new ArcsimJson(text);
        p.skip();
        Object v = p.value();
        p.skip();
        if (p.i != p.s.length()) {
            throw p.error("unexpected content after the document");
        }
        return v;
    }

    /** Pretty-prints a value tree (2-space indent, numbers in shortest round-trip form). */
    public static String write(Object value) {
        StringBuilder b = new StringBuilder();
        write(b, value, 0);
        return b.append('\n').toString();
    }

    // ---------------------------------------------------------------- reading

    private SyntaxError error(String msg) {
        int line = 1, col = 1;
        for (int k = 0; k < Math.min(i, s.length()); k++) {
            if (s.charAt(k) == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        return new SyntaxError(line, col, msg);
    }

    /** A syntax error at a line and column (1-based). */
    public static final class SyntaxError extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final int line;
        private final int column;

        SyntaxError(int line, int column, String message) {
            super("JSON line " + line + " column " + column + ": " + message);
            this.line = line;
            this.column = column;
        }

        public int line() {
            return line;
        }

        public int column() {
            return column;
        }

        /** The message without its position. */
        public String reason() {
            String m = getMessage();
            return m.substring(m.indexOf(": ") + 2);
        }
    }

    private void skip() {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                i++;
            } else if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
                while (i < s.length() && s.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '*') {
                int end = s.indexOf("*/", i + 2);
                if (end < 0) {
                    throw error("unterminated comment");
                }
                i = end + 2;
            } else {
                return;
            }
        }
    }

    private Object value() {
        if (i >= s.length()) {
            throw error("unexpected end of input");
        }
        char c = s.charAt(i);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", NULL);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw error("unexpected character '" + c + "'");
        }
    }

    private Object literal(String word, Object v) {
        if (!s.startsWith(word, i)) {
            throw error("expected " + word);
        }
        i += word.length();
        return v;
    }

    private Map<String, Object> object() {
        Map<String, Object> m = new LinkedHashMap<>();
        i++;
        skip();
        if (i < s.length() && s.charAt(i) == '}') {
            i++;
            return m;
        }
        while (true) {
            skip();
            if (i >= s.length() || s.charAt(i) != '"') {
                throw error("expected a string key");
            }
            String k = string();
            skip();
            expect(':');
            skip();
            Object v = value();
            if (m.put(k, v) != null) {
                throw error("duplicate key \"" + k + "\"");
            }
            skip();
            if (i < s.length() && s.charAt(i) == ',') {
                i++;
                continue;
            }
            expect('}');
            return m;
        }
    }

    private List<Object> array() {
        List<Object> a = new ArrayList<>();
        i++;
        skip();
        if (i < s.length() && s.charAt(i) == ']') {
            i++;
            return a;
        }
        while (true) {
            skip();
            a.add(value());
            skip();
            if (i < s.length() && s.charAt(i) == ',') {
                i++;
                continue;
            }
            expect(']');
            return a;
        }
    }

    private void expect(char c) {
        if (i >= s.length() || s.charAt(i) != c) {
            throw error("expected '" + c + "'");
        }
        i++;
    }

    private String string() {
        StringBuilder b = new StringBuilder();
        i++;
        while (true) {
            if (i >= s.length()) {
                throw error("unterminated string");
            }
            char c = s.charAt(i++);
            if (c == '"') {
                return b.toString();
            }
            if (c < 0x20) {
                throw error("control character in string");
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            if (i >= s.length()) {
                throw error("unterminated escape");
            }
            char e = s.charAt(i++);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    if (i + 4 > s.length()) {
                        throw error("bad unicode escape");
                    }
                    try {
                        b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                    } catch (NumberFormatException x) {
                        throw error("bad unicode escape");
                    }
                    i += 4;
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private Double number() {
        int start = i;
        if (s.charAt(i) == '-') {
            i++;
        }
        if (i >= s.length() || !Character.isDigit(s.charAt(i))) {
            throw error("bad number");
        }
        if (s.charAt(i) == '0') {
            i++;
        } else {
            digits();
        }
        if (i < s.length() && s.charAt(i) == '.') {
            i++;
            if (i >= s.length() || !Character.isDigit(s.charAt(i))) {
                throw error("bad number: digits expected after '.'");
            }
            digits();
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            if (i >= s.length() || !Character.isDigit(s.charAt(i))) {
                throw error("bad number: exponent digits expected");
            }
            digits();
        }
        return Double.parseDouble(s.substring(start, i));
    }

    private void digits() {
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
            i++;
        }
    }

    // ---------------------------------------------------------------- writing

    private static void write(StringBuilder b, Object v, int indent) {
        if (v == null || v == NULL) {
            b.append("null");
        } else if (v instanceof Map<?, ?> m) {
            if (m.isEmpty()) {
                b.append("{}");
                return;
            }
            b.append("{\n");
            int k = 0;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                pad(b, indent + 1);
                quote(b, String.valueOf(e.getKey()));
                b.append(": ");
                write(b, e.getValue(), indent + 1);
                b.append(++k < m.size() ? ",\n" : "\n");
            }
            pad(b, indent);
            b.append('}');
        } else if (v instanceof List<?> l) {
            boolean flat = l.stream().noneMatch(x -> x instanceof Map || x instanceof List);
            if (flat) {
                b.append('[');
                for (int k = 0; k < l.size(); k++) {
                    b.append(k > 0 ? ", " : "");
                    write(b, l.get(k), indent + 1);
                }
                b.append(']');
                return;
            }
            b.append("[\n");
            for (int k = 0; k < l.size(); k++) {
                pad(b, indent + 1);
                write(b, l.get(k), indent + 1);
                b.append(k + 1 < l.size() ? ",\n" : "\n");
            }
            pad(b, indent);
            b.append(']');
        } else if (v instanceof double[] a) {
            List<Object> l = new ArrayList<>();
            for (double d : a) {
                l.add(d);
            }
            write(b, l, indent);
        } else if (v instanceof Number n) {
            b.append(number(n.doubleValue()));
        } else if (v instanceof Boolean) {
            b.append(v);
        } else {
            quote(b, v.toString());
        }
    }

    /** Shortest round-trip text of a finite double; integral values without ".0". */
    public static String number(double d) {
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException("JSON cannot hold " + d);
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        String t = Double.toString(d);
        return t.toLowerCase(Locale.ROOT);
    }

    private static void pad(StringBuilder b, int n) {
        b.append("  ".repeat(n));
    }

    private static void quote(StringBuilder b, String t) {
        b.append('"');
        for (int k = 0; k < t.length(); k++) {
            char c = t.charAt(k);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }

    // ---------------------------------------------------------------- navigation helpers

    /** Object member or null. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> obj(Object v) {
        return v instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
    }
}
