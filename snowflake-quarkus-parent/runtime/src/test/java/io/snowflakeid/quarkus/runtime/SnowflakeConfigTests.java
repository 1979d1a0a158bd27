package io.snowflakeid.quarkus.runtime;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snowflakeid.internal.config.Setting;
import io.snowflakeid.internal.config.Settings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * quarkus.snowflake.* is the settings table under Quarkus' prefix: every row, no other key but Quarkus' own; every
 * row's method is written from the table.
 */
class SnowflakeConfigTests {

	private static final Path SOURCE = Path.of("src/main/java/io/snowflakeid/quarkus/runtime/SnowflakeConfig.java");

	/** The first line of the rows written in each group (after the group's hand-written members), without indent. */
	private static final String BEGIN = "// The settings table's rows, written by SnowflakeConfigTests (after a change: run it, copy target/'s file).\n";

	/** The line after them, without indent. */
	private static final String END = "// End of the rows.\n";

	/**
	 * Each interface of the mapping written from rows: its name and the prefix of its rows' keys (the mapping itself:
	 * the rows directly under {@code snowflake.}, the generator's).
	 */
	private static final Map<String, String> GROUPS = groups();

	/** The mapping's own interface, whose rows are the generator's, directly under {@code snowflake.}. */
	private static final String ROOT = "SnowflakeConfig";

	/** What only the Quarkus binding has (the Spring starter has the same under snowflake.jpa.*). */
	private static final Set<String> QUARKUS_ONLY = Set.of("jpa.batching-defaults.enabled",
			"jpa.batching-defaults.batch-size");

	@Test
	void theMappingDeclaresEveryRowOfTheSettingsTable() {
		Set<String> rows = new TreeSet<>();
		for (Setting<?> setting : Settings.ALL) {
			rows.add(setting.key().substring("snowflake.".length()));
		}
		Set<String> mapped = new TreeSet<>();
		collect(SnowflakeConfig.class, "", mapped);
		Set<String> expected = new TreeSet<>(rows);
		expected.addAll(QUARKUS_ONLY);
		for (Setting<?> setting : Settings.MODULES) { // ZooKeeper, Redis, public ids
			expected.add(setting.key().substring("snowflake.".length()));
		}
		expected.add("public-id.keys"); // a family of keys, one per version: not a row
		assertThat(mapped).isEqualTo(expected);
	}

	@Test
	void everyRowIsReadAsTextThroughTheTablesParser() throws Exception {
		for (Method method : SnowflakeConfig.class.getMethods()) {
			if (method.getReturnType().isInterface() && method.getReturnType().getEnclosingClass() == SnowflakeConfig.class) {
				continue;
			}
			if (method.getName().equals("keys")) {
				continue; // the public id keys: a map, each value read by the core's codec builder
			}
			assertThat(method.getGenericReturnType().getTypeName()).as(method.getName())
				.isEqualTo("java.util.Optional<java.lang.String>");
		}
	}

	/**
	 * The mapping's methods are the rows: the generator's directly under {@code snowflake.}, then the groups
	 * {@code snowflake.layout.}, {@code lease.}, {@code segment.}, {@code zookeeper.}, {@code redis.},
	 * {@code public-id.}: a method per row, named after its key, its javadoc the row's description in Quarkus' words and
	 * its default (which Quarkus' configuration reference and {@code docs/quarkus-configuration.md} show), between two
	 * comment lines of each interface. A new row fails this test, which writes the interface as it should be into
	 * {@code target/}.
	 */
	@Test
	void theMethodsAreWrittenFromTheSettingsTable() throws IOException {
		String source = Files.readString(SOURCE);
		String written = source;
		for (Map.Entry<String, String> group : GROUPS.entrySet()) {
			boolean root = group.getKey().equals(ROOT);
			String indent = root ? "\t" : "\t\t";
			String head = (root ? "public interface " : "\tinterface ") + group.getKey() + " {\n";
			int start = written.indexOf(head);
			assertThat(start).as("interface " + group.getKey() + " in " + SOURCE).isNotNegative();
			int close = written.indexOf(root ? "\n}\n" : "\n\t}\n", start);
			int begin = written.indexOf(indent + BEGIN, start);
			int end = written.indexOf(indent + END, start);
			assertThat(begin).as("the first line of the rows in " + group.getKey()).isPositive().isLessThan(close);
			assertThat(end).as("the line after the rows in " + group.getKey()).isGreaterThan(begin).isLessThan(close);
			written = written.substring(0, begin + indent.length() + BEGIN.length())
					+ rows(group.getValue(), root, indent) + written.substring(end);
		}
		if (!written.equals(source)) {
			Path copy = Path.of("target", SOURCE.getFileName().toString());
			Files.writeString(copy, written);
			throw new AssertionError(SOURCE + " is not the settings table's: copy " + copy.toAbsolutePath()
					+ " over it (what differs: git diff --no-index " + SOURCE + " " + copy + ")");
		}
	}

	/** Every row is in an interface written from the table: no method by hand. */
	@Test
	void everyRowIsInAWrittenInterface() {
		for (Setting<?> row : Settings.EVERY_ROW) {
			assertThat(GROUPS.values()).as(row.key()).anyMatch((prefix) -> rowOf(row, prefix, prefix.equals("snowflake.")));
		}
	}

	private static Map<String, String> groups() {
		Map<String, String> groups = new java.util.LinkedHashMap<>();
		groups.put(ROOT, "snowflake.");
		groups.put("Layout", "snowflake.layout.");
		groups.put("Lease", Settings.LEASE_GROUP);
		groups.put("Segment", Settings.SEGMENT_GROUP);
		groups.put("ZooKeeper", Settings.ZOOKEEPER_GROUP);
		groups.put("Redis", Settings.REDIS_GROUP);
		groups.put("PublicId", Settings.PUBLIC_ID_GROUP);
		return groups;
	}

	/** Whether a row belongs under the prefix; the root's rows are those with no group of their own. */
	private static boolean rowOf(Setting<?> row, String prefix, boolean root) {
		return row.key().startsWith(prefix) && (!root || row.key().indexOf('.', prefix.length()) < 0);
	}

	private static String rows(String prefix, boolean root, String indent) {
		int width = 120 - 4 * indent.length() - 3; // the indent and " * " before a javadoc line's text
		StringBuilder group = new StringBuilder();
		for (Setting<?> row : Settings.EVERY_ROW) {
			if (rowOf(row, prefix, root)) {
				String text = javadoc(row.quarkusDescription()) + defaultText(row);
				if (text.length() <= width - 4) { // "/** " and " */" on one line
					group.append('\n').append(indent).append("/** ").append(text).append(" */\n");
				}
				else {
					group.append('\n').append(indent).append("/**\n");
					for (String line : wrapped(text, width)) {
						group.append(indent).append(" * ").append(line).append('\n');
					}
					group.append(indent).append(" */\n");
				}
				group.append(indent).append("Optional<String> ").append(camel(row.key().substring(prefix.length())))
					.append("();\n");
			}
		}
		return group.toString();
	}

	/** The default, unless the description already says what an unset value means. */
	private static String defaultText(Setting<?> row) {
		if (row.defaultText() != null) {
			return " Default " + row.defaultText() + ".";
		}
		String description = row.quarkusDescription();
		return (description.contains("No default") || description.contains("Unset:")) ? "" : " No default.";
	}

	/**
	 * A description as javadoc: annotations and placeholders ({@code @SegmentId}, {@code <name>_free}) as code, any
	 * other {@code <}, {@code >} and {@code &} escaped (the build's doclint refuses them bare).
	 */
	static String javadoc(String description) {
		Matcher code = Pattern.compile("@[A-Za-z]+|[^\\s(]*<[^>\\s]+>(?:[^\\s<]*<[^>\\s]+>)*[^\\s.,;:)]*").matcher(description);
		StringBuilder text = new StringBuilder();
		int end = 0;
		while (code.find()) {
			text.append(escaped(description.substring(end, code.start())));
			text.append("{@code ").append(code.group()).append('}');
			end = code.end();
		}
		return text.append(escaped(description.substring(end))).toString();
	}

	private static String escaped(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
	}

	@Test
	void aDescriptionIsJavadocThatDoclintAccepts() {
		assertThat(javadoc("Values per segment for @SegmentId (1..1000000); ranges go to <name>_free."))
			.isEqualTo("Values per segment for {@code @SegmentId} (1..1000000); ranges go to {@code <name>_free}.");
		assertThat(javadoc("a < b & c > d")).isEqualTo("a &lt; b &amp; c &gt; d");
		assertThat(javadoc("Credentials, digest:<user>:<password>: it authenticates"))
			.isEqualTo("Credentials, {@code digest:<user>:<password>}: it authenticates");
	}

	private static java.util.List<String> wrapped(String text, int width) {
		java.util.List<String> lines = new java.util.ArrayList<>();
		StringBuilder line = new StringBuilder();
		for (String word : text.split(" ")) {
			if (line.length() > 0 && line.length() + 1 + word.length() > width) {
				lines.add(line.toString());
				line.setLength(0);
			}
			if (line.length() > 0) {
				line.append(' ');
			}
			line.append(word);
		}
		lines.add(line.toString());
		return lines;
	}

	private static String camel(String kebab) {
		StringBuilder name = new StringBuilder();
		boolean upper = false;
		for (char c : kebab.toCharArray()) {
			if (c == '-') {
				upper = true;
			}
			else {
				name.append(upper ? Character.toUpperCase(c) : c);
				upper = false;
			}
		}
		return name.toString();
	}

	private static void collect(Class<?> type, String prefix, Set<String> keys) {
		for (Method method : type.getMethods()) {
			String name = prefix + kebab(method.getName());
			Class<?> returned = method.getReturnType();
			if (returned.isInterface() && returned.getEnclosingClass() == SnowflakeConfig.class) {
				collect(returned, name + ".", keys);
			}
			else {
				keys.add(name);
			}
		}
	}

	private static String kebab(String name) {
		return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
	}
}
