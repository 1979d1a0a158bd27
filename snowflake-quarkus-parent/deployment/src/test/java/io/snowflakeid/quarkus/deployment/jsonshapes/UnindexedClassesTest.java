package io.snowflakeid.quarkus.deployment.jsonshapes;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.bootstrap.app.AdditionalDependency;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.quarkus.deployment.jsonshapes.Unindexed.Account;
import io.snowflakeid.quarkus.deployment.jsonshapes.Unindexed.Dto;
import io.snowflakeid.quarkus.deployment.jsonshapes.Unindexed.Transfer;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Classes outside Quarkus' index (see {@link Unindexed}): the JSON-B transformation does not reach them, and the
 * Jackson module's refusal of @PublicId is the only line left.
 */
class UnindexedClassesTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ShapeApps.app("unindexed")
		.withApplicationRoot((jar) -> jar.addClasses(ShapeApps.class))
		// a library jar with no Jandex index and no beans.xml: on the class path, not an application archive
		.addBootstrapCustomizer((builder) -> builder.addAdditionalApplicationArchive(
				new AdditionalDependency(libraryJar(), false, false)));

	/** The {@link Unindexed} classes in a jar of their own, as a library ships them. */
	private static Path libraryJar() {
		try {
			Path jar = Files.createTempDirectory("unindexed").resolve("api-model.jar");
			try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
				for (Class<?> type : new Class<?>[] { Unindexed.class, Dto.class, Account.class, Transfer.class }) {
					String entry = type.getName().replace('.', '/') + ".class";
					out.putNextEntry(new JarEntry(entry));
					try (InputStream in = UnindexedClassesTest.class.getClassLoader().getResourceAsStream(entry)) {
						in.transferTo(out);
					}
					out.closeEntry();
				}
			}
			return jar;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Inject
	Jsonb jsonb;

	@Inject
	ObjectMapper mapper;



	/** Jackson's second line, the property: holds. */
	@Test
	void jacksonRefusesTheUnindexedPublicIdProperty() {
		Account account = new Account();
		account.id = ShapeApps.ID_A;
		assertThatThrownBy(() -> this.mapper.writeValueAsString(account)).hasMessageContaining("@PublicId");
	}

	/** Jackson's second line, a reference written as the id alone: the id's type's serializer, past the refusal. */
	@Test
	void jacksonDoesNotWriteAPublicIdReferenceRaw() {
		Account account = new Account();
		account.id = ShapeApps.ID_A;
		Transfer transfer = new Transfer();
		transfer.from = account;
		Throwable thrown = catchThrowable(() -> this.mapper.writeValueAsString(transfer));
		String written = (thrown == null) ? write(transfer) : "";
		assertThat(thrown).as("Jackson wrote: " + written).isNotNull();
	}

	private String write(Object value) {
		try {
			return this.mapper.writeValueAsString(value);
		}
		catch (Exception ex) {
			return ex.toString();
		}
	}
}
