package io.snowflakeid.quarkus.deployment.jsonshapes;

import java.net.URI;
import java.net.http.HttpResponse;
import java.util.logging.Level;

import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.test.common.http.TestHTTPResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Quarkus REST's build-time Jackson serializers (a documented performance setting): generated for the DTOs that
 * resource methods return, they write each property by its Java type, past the module's annotation introspector. The
 * build says so (with {@code @PublicId} it refuses, see PublicIdWithReflectionFreeSerializersTest).
 */
class ReflectionFreeSerializersTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ShapeApps.app("reflection-free")
		.withApplicationRoot((jar) -> jar.addClasses(ShapeApps.class, Shapes.class, ShapesResource.class)
			.addClasses(Shapes.class.getDeclaredClasses()))
		.overrideConfigKey("quarkus.rest.jackson.optimization.enable-reflection-free-serializers", "true")
		.setLogRecordPredicate((record) -> record.getLevel().intValue() >= Level.WARNING.intValue()
				&& record.getLoggerName().startsWith("io.snowflakeid"))
		.assertLogRecords((records) -> assertThat(records)
			.anySatisfy((record) -> assertThat(record.getMessage())
				.contains("enable-reflection-free-serializers=true")
				.contains("JavaScript clients round to other ids")));

	@TestHTTPResource("/shapes")
	URI shapes;

	@Test
	void theBuildWarnsThatIdsGoOutAsNumbers() throws Exception {
		// the warning is asserted when the application stops; here: why it is needed
		HttpResponse<String> response = ShapeApps.send(URI.create(this.shapes + "/summary"), "GET", null);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		assertThat(ShapeApps.asNumber(response.body(), ShapeApps.ID_A)).as(response.body()).isTrue();
	}
}
