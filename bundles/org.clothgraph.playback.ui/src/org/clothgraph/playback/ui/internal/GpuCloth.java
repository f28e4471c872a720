package org.clothgraph.playback.ui.internal;

import static org.lwjgl.opengl.GL11.*;

import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.ShortBuffer;
import java.util.Locale;

import org.clothgraph.runtime.PlaybackFrame;
import org.clothgraph.runtime.QuantisedBasis;
import org.clothgraph.runtime.RuntimeDatabase;
import org.lwjgl.BufferUtils;
import org.lwjgl.opengl.GL13;
import org.lwjgl.opengl.GL15;
import org.lwjgl.opengl.GL20;
import org.lwjgl.opengl.GL31;
import org.lwjgl.opengl.GLCapabilities;

/**
 * The GPU decode path: the quantised basis B' lives in a texture buffer (16-bit integers, vector after vector) and
 * the vertex shader reconstructs each cloth vertex as sum_i (c'_i s_i) q_i, the frame's coefficients (merge blends
 * applied, times each vector's step) being the only data uploaded per frame; the root frame's placement in the world
 * is a matrix. Lit per fragment with the face normal (screen-space derivatives of the position), both sides. Needs
 * OpenGL 3.2 (texture buffers, integer samplers, GLSL 1.50 compatibility); create and use it with the canvas's
 * context current.
 */
final class GpuCloth {
    private static final String VERTEX = """
            #version 150 compatibility
            uniform isamplerBuffer basis;
            uniform samplerBuffer weights;
            uniform int vectors;
            uniform int rows;
            uniform mat4 walk;
            out vec3 eye;
            void main() {
                int r = 3 * gl_VertexID;
                vec3 p = vec3(0.0);
                for (int i = 0; i < vectors; i++) {
                    float w = texelFetch(weights, i).r;
                    int o = i * rows + r;
                    p += w * vec3(texelFetch(basis, o).r, texelFetch(basis, o + 1).r, texelFetch(basis, o + 2).r);
                }
                vec4 world = walk * vec4(p, 1.0);
                eye = (gl_ModelViewMatrix * world).xyz;
                gl_Position = gl_ModelViewProjectionMatrix * world;
                gl_FrontColor = gl_Color;
            }
            """;
    private static final String FRAGMENT = """
            #version 150 compatibility
            in vec3 eye;
            void main() {
                vec3 n = normalize(cross(dFdx(eye), dFdy(eye)));
                vec3 l = normalize(gl_LightSource[0].position.xyz);
                float diffuse = abs(dot(n, l));
                gl_FragColor = vec4(gl_Color.rgb * min(1.0, 0.2 + diffuse), 1.0);
            }
            """;

    private final int rows;
    private final int vectors;
    private final float[] steps;
    private final IntBuffer indices;
    private final FloatBuffer weights;
    private final FloatBuffer walk = BufferUtils.createFloatBuffer(16);
    private final int program;
    private final int basisBuffer;
    private final int basisTexture;
    private final int weightBuffer;
    private final int weightTexture;
    private final int basisUniform;
    private final int weightsUniform;
    private final int vectorsUniform;
    private final int rowsUniform;
    private final int walkUniform;
    private float[] color = { 0.25f, 0.45f, 0.8f };

    /** Null when the context can do it; else why not. */
    static String unsupported(GLCapabilities caps, RuntimeDatabase db) {
        if (caps == null || !caps.OpenGL32) {
            return "the GPU path needs OpenGL 3.2 (texture buffers); this context has "
                    + (caps == null ? "none" : glGetString(GL_VERSION));
        }
        long texels = (long) db.basis().rows() * db.basis().vectors();
        int max = glGetInteger(GL31.GL_MAX_TEXTURE_BUFFER_SIZE);
        if (texels > max) {
            return String.format(Locale.ROOT, "the basis has %,d values, this GPU's texture buffers hold %,d", texels,
                    max);
        }
        return null;
    }

    /** Uploads the database's basis and compiles the shaders. */
    GpuCloth(RuntimeDatabase db) {
        QuantisedBasis basis = db.basis();
        rows = basis.rows();
        vectors = basis.vectors();
        steps = new float[vectors];
        ShortBuffer q = BufferUtils.createShortBuffer(rows * vectors);
        for (int i = 0; i < vectors; i++) {
            steps[i] = basis.step(i);
            for (int r = 0; r < rows; r++) {
                q.put(basis.quantised(i, r));
            }
        }
        q.flip();
        int[] triangles = db.triangles();
        indices = BufferUtils.createIntBuffer(triangles.length);
        indices.put(triangles).flip();
        weights = BufferUtils.createFloatBuffer(vectors);

        basisBuffer = GL15.glGenBuffers();
        GL15.glBindBuffer(GL31.GL_TEXTURE_BUFFER, basisBuffer);
        GL15.glBufferData(GL31.GL_TEXTURE_BUFFER, q, GL15.GL_STATIC_DRAW);
        basisTexture = glGenTextures();
        glBindTexture(GL31.GL_TEXTURE_BUFFER, basisTexture);
        GL31.glTexBuffer(GL31.GL_TEXTURE_BUFFER, org.lwjgl.opengl.GL30.GL_R16I, basisBuffer);
        weightBuffer = GL15.glGenBuffers();
        GL15.glBindBuffer(GL31.GL_TEXTURE_BUFFER, weightBuffer);
        GL15.glBufferData(GL31.GL_TEXTURE_BUFFER, 4L * vectors, GL15.GL_DYNAMIC_DRAW);
        weightTexture = glGenTextures();
        glBindTexture(GL31.GL_TEXTURE_BUFFER, weightTexture);
        GL31.glTexBuffer(GL31.GL_TEXTURE_BUFFER, org.lwjgl.opengl.GL30.GL_R32F, weightBuffer);
        glBindTexture(GL31.GL_TEXTURE_BUFFER, 0);
        GL15.glBindBuffer(GL31.GL_TEXTURE_BUFFER, 0);

        program = link(compile(GL20.GL_VERTEX_SHADER, VERTEX), compile(GL20.GL_FRAGMENT_SHADER, FRAGMENT));
        basisUniform = GL20.glGetUniformLocation(program, "basis");
        weightsUniform = GL20.glGetUniformLocation(program, "weights");
        vectorsUniform = GL20.glGetUniformLocation(program, "vectors");
        rowsUniform = GL20.glGetUniformLocation(program, "rows");
        walkUniform = GL20.glGetUniformLocation(program, "walk");
        int error = glGetError();
        if (error != GL_NO_ERROR) {
            dispose();
            throw new IllegalStateException("OpenGL error " + error + " setting up the GPU decode path");
        }
    }

    /** Sets the frame to draw: its coefficients c' (blends applied), where its root frame is, the cloth colour. */
    void frame(float[] coefficients, PlaybackFrame f, float[] rgb) {
        weights.clear();
        for (int i = 0; i < vectors; i++) {
            weights.put(coefficients[i] * steps[i]);
        }
        weights.flip();
        GL15.glBindBuffer(GL31.GL_TEXTURE_BUFFER, weightBuffer);
        GL15.glBufferSubData(GL31.GL_TEXTURE_BUFFER, 0, weights);
        GL15.glBindBuffer(GL31.GL_TEXTURE_BUFFER, 0);
        // the root frame to the world (RootFrame.toWorld): a rotation about +Y by the yaw, then (x, 0, z); column-major
        float c = (float) Math.cos(f.rootYaw());
        float s = (float) Math.sin(f.rootYaw());
        walk.clear();
        walk.put(new float[] { c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, (float) f.rootX(), 0, (float) f.rootZ(), 1 }).flip();
        color = rgb;
    }

    /** Draws the cloth (the renderer's cloth drawer). */
    void draw() {
        GL20.glUseProgram(program);
        GL13.glActiveTexture(GL13.GL_TEXTURE0);
        glBindTexture(GL31.GL_TEXTURE_BUFFER, basisTexture);
        GL13.glActiveTexture(GL13.GL_TEXTURE1);
        glBindTexture(GL31.GL_TEXTURE_BUFFER, weightTexture);
        GL20.glUniform1i(basisUniform, 0);
        GL20.glUniform1i(weightsUniform, 1);
        GL20.glUniform1i(vectorsUniform, vectors);
        GL20.glUniform1i(rowsUniform, rows);
        GL20.glUniformMatrix4fv(walkUniform, false, walk);
        glColor3f(color[0], color[1], color[2]);
        glDrawElements(GL_TRIANGLES, indices);
        glBindTexture(GL31.GL_TEXTURE_BUFFER, 0);
        GL13.glActiveTexture(GL13.GL_TEXTURE0);
        glBindTexture(GL31.GL_TEXTURE_BUFFER, 0);
        GL20.glUseProgram(0);
    }

    /** Frees the GL objects (the context current). */
    void dispose() {
        GL20.glDeleteProgram(program);
        glDeleteTextures(basisTexture);
        glDeleteTextures(weightTexture);
        GL15.glDeleteBuffers(basisBuffer);
        GL15.glDeleteBuffers(weightBuffer);
    }

    private static int compile(int type, String source) {
        int shader = GL20.glCreateShader(type);
        GL20.glShaderSource(shader, source);
        GL20.glCompileShader(shader);
        if (GL20.glGetShaderi(shader, GL20.GL_COMPILE_STATUS) == GL_FALSE) {
            String log = GL20.glGetShaderInfoLog(shader);
            GL20.glDeleteShader(shader);
            throw new IllegalStateException("the GPU decode shader does not compile: " + log.strip());
        }
        return shader;
    }

    private static int link(int vertex, int fragment) {
        int p = GL20.glCreateProgram();
        GL20.glAttachShader(p, vertex);
        GL20.glAttachShader(p, fragment);
        GL20.glLinkProgram(p);
        GL20.glDeleteShader(vertex);
        GL20.glDeleteShader(fragment);
        if (GL20.glGetProgrami(p, GL20.GL_LINK_STATUS) == GL_FALSE) {
            String log = GL20.glGetProgramInfoLog(p);
            GL20.glDeleteProgram(p);
            throw new IllegalStateException("the GPU decode shaders do not link: " + log.strip());
        }
        return p;
    }
}
