package io.snowflakeid.quarkus.runtime;

import io.quarkus.runtime.annotations.ConfigPhase;
import io.quarkus.runtime.annotations.ConfigRoot;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Build-time settings of the spike. */
@ConfigMapping(prefix = "quarkus.snowflake")
@ConfigRoot(phase = ConfigPhase.BUILD_TIME)
public interface SnowflakeBuildTimeConfig {

	/** Whether the extension adds @SnowflakeId/@SegmentId to the Jandex index (spike switch). */
	@WithDefault("true")
	boolean indexAnnotations();

	/** Whether the extension registers the static-init GeneratorSource bean (spike switch: off shows why it is needed). */
	@WithDefault("true")
	boolean generatorSource();
}
