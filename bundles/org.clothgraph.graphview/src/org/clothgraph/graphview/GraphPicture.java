package org.clothgraph.graphview;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import javax.imageio.ImageIO;

/**
 * The whole secondary graph as a picture, drawn without a display (for reports and `graph render`): transitions
 * first (simulated ones thin and light, merges dashed; high-error and cross-class merges emphasised), then every
 * state as a dot in its colour, then a legend. The paper's Figure 6, for our project.
 */
public final class GraphPicture {
    /** Merges at least this large (mm) are drawn emphasised. */
    public static final double HIGH_ERROR_MM = 100;

    private GraphPicture() {
    }

    public static BufferedImage draw(SecondaryGraphSnapshot g, SecondaryGraphLayout layout, Colouring colouring,
            int width, int height, String title) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D gr = img.createGraphics();
        gr.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        gr.setColor(Color.WHITE);
        gr.fillRect(0, 0, width, height);
        int margin = 30, legendW = 230;
        double sx = (width - 2 * margin - legendW) / Math.max(1e-9, layout.maxX() - layout.minX());
        double sy = (height - 2 * margin - 20) / Math.max(1e-9, layout.maxY() - layout.minY());
        double s = Math.min(sx, sy);
        double ox = margin - layout.minX() * s, oy = margin + 20 - layout.minY() * s;
        BasicStroke thin = new BasicStroke(0.5f);
        BasicStroke dashed = new BasicStroke(0.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 4, new float[] { 3, 3 }, 0);
        BasicStroke strong = new BasicStroke(1.6f);
        Color simulated = new Color(0, 0, 0, 28), merge = new Color(90, 90, 200, 70), high = new Color(214, 39, 40, 200),
                cross = new Color(148, 0, 211, 220);
        Line2D.Double line = new Line2D.Double();
        for (int pass = 0; pass < 2; pass++) {
            for (SecondaryGraphSnapshot.Edge e : g.edges()) {
                boolean emphasised = e.merged() && (e.crossClass() || e.errorMm() >= HIGH_ERROR_MM);
                if ((pass == 1) != emphasised) {
                    continue;
                }
                line.setLine(ox + layout.x(e.from()) * s, oy + layout.y(e.from()) * s, ox + layout.x(e.to()) * s,
                        oy + layout.y(e.to()) * s);
                if (!e.merged()) {
                    gr.setStroke(thin);
                    gr.setColor(simulated);
                } else if (e.crossClass()) {
                    gr.setStroke(strong);
                    gr.setColor(cross);
                } else if (e.errorMm() >= HIGH_ERROR_MM) {
                    gr.setStroke(strong);
                    gr.setColor(high);
                } else {
                    gr.setStroke(dashed);
                    gr.setColor(merge);
                }
                gr.draw(line);
            }
        }
        double r = Math.max(1.2, Math.min(3, 0.6 * s));
        for (int i = 0; i < g.size(); i++) {
            int c = colouring.colour(i);
            gr.setColor(new Color((c >> 16) & 255, (c >> 8) & 255, c & 255, g.state(i).live() ? 220 : 90));
            double x = ox + layout.x(i) * s, y = oy + layout.y(i) * s;
            gr.fill(new java.awt.geom.Ellipse2D.Double(x - r, y - r, 2 * r, 2 * r));
        }
        gr.setColor(Color.DARK_GRAY);
        gr.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        gr.drawString(title, margin, 20);
        int lx = width - legendW + 10, ly = margin + 20;
        gr.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        for (Map.Entry<String, Integer> e : colouring.legend().entrySet()) {
            int c = e.getValue();
            gr.setColor(new Color(c));
            gr.fillOval(lx, ly - 9, 10, 10);
            gr.setColor(Color.DARK_GRAY);
            gr.drawString(e.getKey(), lx + 16, ly);
            ly += 18;
        }
        ly += 8;
        Object[][] lines = { { thin, simulated, "simulated transition" }, { dashed, merge, "merge transition" },
                { strong, high, "merge >= " + (int) HIGH_ERROR_MM + " mm" }, { strong, cross, "cross-class merge" } };
        for (Object[] l : lines) {
            gr.setStroke((BasicStroke) l[0]);
            Color c = (Color) l[1];
            gr.setColor(new Color(c.getRed(), c.getGreen(), c.getBlue(), Math.max(c.getAlpha(), 160)));
            gr.draw(new Line2D.Double(lx, ly - 4, lx + 12, ly - 4));
            gr.setColor(Color.DARK_GRAY);
            gr.drawString((String) l[2], lx + 16, ly);
            ly += 18;
        }
        gr.dispose();
        return img;
    }

    public static void writePng(BufferedImage img, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        if (!ImageIO.write(img, "png", tmp.toFile())) {
            throw new IOException("no PNG writer available");
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
}
