package io.snowflakeid.spring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The repository's user documentation ({@code docs/}), read by tests that keep it and the code in step: the
 * configuration reference against the starter's metadata, messages that send users to a page against that page.
 */
final class Docs {

	private Docs() {
	}

	/** The text of {@code docs/<name>}, found from the module's directory (Surefire's working directory) upwards. */
	static String read(String name) {
		Path dir = Path.of("").toAbsolutePath();
		while (dir != null && !Files.isRegularFile(dir.resolve("docs").resolve(name))) {
			dir = dir.getParent();
		}
		if (dir == null) {
			throw new IllegalStateException("docs/" + name + " not found above " + Path.of("").toAbsolutePath());
		}
		try {
			return Files.readString(dir.resolve("docs").resolve(name));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}
}
