package io.snowflakeid.quarkus.runtime;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snowflakeid.internal.config.Setting;
import io.snowflakeid.internal.config.Settings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * quarkus.snowflake.* is the settings table under Quarkus' prefix: every row, no other key but Quarkus' own; the
 * lease's and segment mode's groups are written from the table's rows.
 */
class SnowflakeConfigTests {

	private static final Path SOURCE = Path.of("src/main/java/io/snowflakeid/quarkus/runtime/SnowflakeConfig.java");

	private static final String BEGIN = "\t// The lease's and segment mode's groups are written from the settings table";

	private static final String END = "\t// End of the groups written from the settings table.\n";

	/** A javadoc line's text at most this long (two tabs and " * " before it: 120 columns). */
	private static final int JAVADOC_WIDTH = 109;

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
	 * The groups are the rows under {@code snowflake.lease.} and {@code snowflake.segment.}: a method per row, named
	 * after its key, its javadoc the row's description and default (which Quarkus' configuration reference and
	 * {@code docs/quarkus-configuration.md} show). A new row fails this test, which writes the interface as it should
	 * be into {@code target/}.
	 */
	@Test
	void theLeaseAndSegmentGroupsAreWrittenFromTheSettingsTable() throws IOException {
		String source = Files.readString(SOURCE);
		int begin = source.indexOf(BEGIN);
		int end = source.indexOf(END);
		assertThat(begin).as("the groups' first line in " + SOURCE).isPositive();
		assertThat(end).as("the groups' last line in " + SOURCE).isGreaterThan(begin);
		int first = source.indexOf('\n', source.indexOf('\n', begin) + 1) + 1; // after the comment's two lines
		String written = source.substring(0, first) + group("Lease", Settings.LEASE_GROUP)
				+ group("Segment", Settings.SEGMENT_GROUP) + source.substring(end);
		if (!written.equals(source)) {
			Path copy = Path.of("target", SOURCE.getFileName().toString());
			Files.writeString(copy, written);
			throw new AssertionError(SOURCE + " is not the settings table's: copy " + copy.toAbsolutePath()
					+ " over it (what differs: git diff --no-index " + SOURCE + " " + copy + ")");
		}
	}

	private static String group(String name, String prefix) {
		String quarkusPrefix = "quarkus." + prefix;
		StringBuilder group = new StringBuilder();
		group.append("\t/** {@code ").append(quarkusPrefix).append("*}. */\n");
		group.append("\tinterface ").append(name).append(" {\n");
		for (Setting<?> row : Settings.ALL) {
			if (row.key().startsWith(prefix)) {
				String text = javadoc(row.description()) + ((row.defaultText() != null)
						? " Default " + row.defaultText() + "." : " No default.");
				if (text.length() <= JAVADOC_WIDTH - 4) { // "\t\t/** " and " */" on one line
					group.append("\n\t\t/** ").append(text).append(" */\n");
				}
				else {
					group.append("\n\t\t/**\n");
					for (String line : wrapped(text)) {
						group.append("\t\t * ").append(line).append('\n');
					}
					group.append("\t\t */\n");
				}
				group.append("\t\tOptional<String> ").append(camel(row.key().substring(prefix.length())))
					.append("();\n");
			}
		}
		return group.append("\t}\n\n").toString();
	}

	/**
	 * A description as javadoc: annotations and placeholders ({@code @SegmentId}, {@code <name>_free}) as code, any
	 * other {@code <}, {@code >} and {@code &} escaped (the build's doclint refuses them bare).
	 */
	static String javadoc(String description) {
		Matcher code = Pattern.compile("@[A-Za-z]+|[^\\s(]*<[^>\\s]+>[^\\s.,;:)]*").matcher(description);
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
	}

	private static java.util.List<String> wrapped(String text) {
		java.util.List<String> lines = new java.util.ArrayList<>();
		StringBuilder line = new StringBuilder();
		for (String word : text.split(" ")) {
			if (line.length() > 0 && line.length() + 1 + word.length() > JAVADOC_WIDTH) {
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
