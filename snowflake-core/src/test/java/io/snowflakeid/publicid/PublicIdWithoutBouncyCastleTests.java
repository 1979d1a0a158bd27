package io.snowflakeid.publicid;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Bouncy Castle is a test dependency only (the reference FF1 is checked against): the core's classes, the codec's
 * included, load without it, and a codec built there gives the pinned tokens. Runs the compiled main classes in a
 * class loader that sees only them and the JDK. One class needs an optional dependency and is loaded only by
 * bindings that found it: the Micrometer binder.
 */
class PublicIdWithoutBouncyCastleTests {

	private static final String MICROMETER_BINDER = "io.snowflakeid.internal.GeneratorMeterBinder";

	@Test
	void theCoreLoadsAndEncodesThePinnedTokensWithoutBouncyCastle() throws Exception {
		URL mainClasses = PublicIdCodec.class.getProtectionDomain().getCodeSource().getLocation();
		Path root = Path.of(mainClasses.toURI());
		List<String> classNames;
		try (Stream<Path> files = Files.walk(root)) {
			classNames = files.filter((file) -> file.toString().endsWith(".class"))
				.map((file) -> root.relativize(file).toString().replace('/', '.').replace(".class", ""))
				.filter((name) -> !name.endsWith("package-info"))
				.filter((name) -> !name.equals(MICROMETER_BINDER))
				.toList();
		}
		try (URLClassLoader loader = new URLClassLoader(new URL[] { mainClasses }, ClassLoader.getPlatformClassLoader())) {
			assertThat(classNames).contains("io.snowflakeid.publicid.PublicIdCodec", "io.snowflakeid.publicid.VersionKey",
					"io.snowflakeid.publicid.Ff1", "io.snowflakeid.SnowflakeLayout");
			for (String name : classNames) {
				Class.forName(name, true, loader); // links and initializes: would fail on a missing Bouncy Castle type
			}
			assertThatThrownBy(() -> Class.forName("org.bouncycastle.crypto.fpe.FPEFF1Engine", false, loader))
				.isInstanceOf(ClassNotFoundException.class);
			assertThatThrownBy(() -> Class.forName(MICROMETER_BINDER, true, loader))
				.as("the one class that needs an optional dependency: Micrometer")
				.isInstanceOf(NoClassDefFoundError.class)
				.hasMessageContaining("io/micrometer/");
			Class<?> codecClass = Class.forName(PublicIdCodec.class.getName(), true, loader);
			Object builder = codecClass.getMethod("builder").invoke(null);
			builder.getClass().getMethod("key", String.class, String.class).invoke(builder, "1", PublicIdCodecTests.KEY_1);
			Object codec = builder.getClass().getMethod("build").invoke(builder);
			assertThat(codecClass.getMethod("encode", long.class).invoke(codec, 912207628317364225L))
				.isEqualTo(PublicIdCodecTests.PINNED_BASE62);
			assertThat(codecClass.getMethod("decode", String.class).invoke(codec, PublicIdCodecTests.PINNED_BASE62))
				.isEqualTo(912207628317364225L);
		}
	}
}
