package io.snowflakeid.quarkus.deployment.jsonshapes;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.quarkus.deployment.jsonshapes.JsonbModel.GetterAnnotated;
import io.snowflakeid.quarkus.deployment.jsonshapes.JsonbModel.Plain;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.config.PropertyVisibilityStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** The application's own Jsonb (its own producer, fields only): the annotations are in the classes, so they apply. */
class JsonbOwnProducerTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ShapeApps.app("jsonb-own")
		.withApplicationRoot((jar) -> jar.addClasses(ShapeApps.class, JsonbModel.class, Plain.class,
				GetterAnnotated.class, OwnJsonb.class));

	@Inject
	Jsonb jsonb;

	@Test
	void theOwnJsonbIsUsed() {
		assertThat(this.jsonb.toString()).isNotNull();
		assertThat(OwnJsonb.created).isTrue();
	}

	@Test
	void aFieldIdIsAString() {
		Plain plain = new Plain();
		plain.id = ShapeApps.ID_A;
		assertThat(this.jsonb.toJson(plain)).contains("\"id\":\"" + ShapeApps.ID_A + "\"");
	}

	/** Fields only: the id is read from the private field, its annotation is on the getter. */
	@Test
	void aGetterAnnotatedIdReadThroughTheFieldIsAString() {
		GetterAnnotated bean = new GetterAnnotated();
		bean.setId(ShapeApps.ID_A);
		assertThat(this.jsonb.toJson(bean)).contains("\"id\":\"" + ShapeApps.ID_A + "\"");
	}

	@Singleton
	static class OwnJsonb {

		static volatile boolean created;

		@Produces
		@Singleton
		Jsonb jsonb() {
			created = true;
			return JsonbBuilder.create(new JsonbConfig().withPropertyVisibilityStrategy(new PropertyVisibilityStrategy() {

				@Override
				public boolean isVisible(Field field) {
					return true;
				}

				@Override
				public boolean isVisible(Method method) {
					return false;
				}
			}));
		}
	}
}
