package io.snowflakeid.quarkus.runtime;

import java.util.function.Supplier;

import io.quarkus.arc.Arc;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.SnowflakeSchemaException;
import io.snowflakeid.internal.GeneratorSource;
import io.snowflakeid.segment.SegmentIdGenerator;
import io.snowflakeid.segment.SegmentIdGenerators;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * What Hibernate's generators find in Arc. Quarkus builds Hibernate's metadata, and so initializes the generators,
 * at static init, before runtime configuration and connections exist; the generator is a bean created at runtime
 * init (from {@code quarkus.snowflake.*}), so this bean only says it will exist and hands it out at the first id.
 * It holds no state (in a native image it is built at build time).
 */
@Singleton
public class ArcGeneratorSource implements GeneratorSource {

	@Override
	public boolean definesSnowflake() {
		return true;
	}

	@Override
	public SnowflakeLayout snowflakeLayout() {
		return QuarkusSettings.configurationAtStaticInit(ConfigProvider.getConfig()).layout(); // Hibernate's metadata
	}

	@Override
	public SnowflakeIdGenerator snowflake() {
		return Arc.container().instance(SnowflakeIdGenerator.class).get();
	}

	/**
	 * The segment generator of {@code key}, from the segment generators bean (created at runtime init, on the
	 * default datasource), made at the first id: Hibernate asks for it while Quarkus builds the session factory,
	 * before the datasource may be used.
	 */
	@Override
	public Supplier<SegmentIdGenerator> segment(String key, long initialValue, int step) {
		return new Supplier<>() {

			private volatile SegmentIdGenerator generator;

			@Override
			public SegmentIdGenerator get() {
				SegmentIdGenerator generator = this.generator;
				if (generator == null) {
					generator = Arc.container().instance(SegmentIdGenerators.class).get().generator(key, initialValue,
							step);
					this.generator = generator;
				}
				return generator;
			}
		};
	}

	/** The column check runs where Hibernate calls it, when the session factory is created: its failure stops the start. */
	@Override
	public void startupCheck(Runnable check) {
		try {
			check.run();
		}
		catch (SnowflakeSchemaException ex) {
			SnowflakeSchemaException named = new SnowflakeSchemaException(QuarkusSettings.quarkusNames(ex.getMessage()),
					ex.getFix());
			named.initCause(ex);
			throw named;
		}
	}
}
