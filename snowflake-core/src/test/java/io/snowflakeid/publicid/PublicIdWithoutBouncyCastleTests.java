package io.snowflakeid.publicid;

import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bouncy Castle is optional: the core's classes, the codec's included, load without it, and building a codec says
 * what to add. Runs the compiled main classes in a class loader that sees only them and the JDK.
 */
class PublicIdWithoutBouncyCastleTests {

	@Test
	void theCoreLoadsWithoutBouncyCastleAndBuildingACodecNamesTheMissingDependency() throws Exception {
		URL mainClasses = PublicIdCodec.class.getProtectionDomain().getCodeSource().getLocation();
		Path root = Path.of(mainClasses.toURI());
		List<String> classNames;
		try (Stream<Path> files = Files.walk(root)) {
			classNames = files.filter((file) -> file.toString().endsWith(".class"))
				.map((file) -> root.relativize(file).toString().replace('/', '.').replace(".class", ""))
				.filter((name) -> !name.endsWith("package-info") && !name.startsWith("io.snowflakeid.publicid.VersionKey"))
				.toList();
		}
		try (URLClassLoader loader = new URLClassLoader(new URL[] { mainClasses }, ClassLoader.getPlatformClassLoader())) {
			assertThat(classNames).contains("io.snowflakeid.publicid.PublicIdCodec", "io.snowflakeid.SnowflakeLayout");
			for (String name : classNames) {
				Class.forName(name, true, loader); // links and initializes: would fail on a missing Bouncy Castle type
			}
			Class<?> codec = Class.forName(PublicIdCodec.class.getName(), true, loader);
			Object builder = codec.getMethod("builder").invoke(null);
			builder.getClass().getMethod("key", String.class, String.class).invoke(builder, "1", PublicIdCodecTests.KEY_1);
			try {
				builder.getClass().getMethod("build").invoke(builder);
				throw new AssertionError("built a codec without Bouncy Castle");
			}
			catch (InvocationTargetException ex) {
				assertThat(ex.getCause()).isInstanceOf(IllegalStateException.class)
					.hasMessageContaining("need Bouncy Castle on the class path: add org.bouncycastle:bcprov-jdk18on");
			}
		}
	}
}
